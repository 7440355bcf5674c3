// One button per change the API allows from the order's status, each confirmed in a dialog by a button of the same
// name; "Refund" asks for the amount (major units of the order's currency with its own decimals, prefilled with what
// is left to refund). A refusal (409: the
// order changed meanwhile, or the move is not allowed) is shown as a message and the order is read again.
import { useState } from "react";
import { ConfirmDialog } from "../../../components/common/dialog";
import { TextField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { ErrorMessage } from "../../../components/common/query-state";
import { useApiForm } from "../../../components/forms";
import { ORDER_ACTIONS, useRefundOrder, useTransitionOrder, type Order } from "../../../hooks/api/orders";
import { formatMoney } from "../../../lib/format";
import { amountWords, formatMinor, parseMinor } from "../../../lib/money";

type Target = "paid" | "fulfilled" | "canceled";
const TRANSITION: Record<Target, { label: string; message: string }> = {
  paid: { label: "Mark as paid", message: "Record that the customer has paid this order." },
  fulfilled: {
    label: "Mark as fulfilled",
    message: "Ship every unit still to ship in one shipment, without tracking (“Ship items” takes quantities and tracking).",
  },
  canceled: { label: "Cancel order", message: "Cancel this order: reserved stock goes back to its variants. This cannot be undone." },
};

function RefundDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const left = order.total_cents - order.refunded_cents;
  const form = useApiForm({
    defaultValues: { amount: formatMinor(left, order.currency) },
    mutation: useRefundOrder(order.id),
    paths: { amount_cents: "amount" },
    request: ({ amount }) => parseMinor(amount, order.currency) ?? 0,
    onSaved: onClose,
  });
  const positive = (text: string) => {
    const minor = parseMinor(text, order.currency);
    return (minor !== null && minor !== 0) || amountWords(order.currency);
  };
  return (
    <FormDialog title="Refund" form={form} onClose={onClose} submit="Refund">
      <TextField label="Amount" inputMode="decimal" {...form.register("amount", { validate: positive })} hint={`Up to ${formatMoney(left, order.currency)}`} />
    </FormDialog>
  );
}

export function OrderActions({ order }: { order: Order }) {
  const transition = useTransitionOrder(order.id);
  const [confirming, setConfirming] = useState<Target | null>(null);
  const [refunding, setRefunding] = useState(false);
  const actions = ORDER_ACTIONS[order.status];
  return (
    <div className="order-actions">
      {actions.length === 0 ? (
        <p className="hint">No further change is possible for a {order.status} order.</p>
      ) : (
        <div className="actions">
          {actions.map((action) =>
            action === "refund" ? (
              <button key={action} type="button" onClick={() => (transition.reset(), setRefunding(true))}>
                Refund
              </button>
            ) : (
              <button
                key={action}
                type="button"
                className={action === "canceled" ? "danger" : "primary"}
                onClick={() => (transition.reset(), setConfirming(action))}
              >
                {TRANSITION[action].label}
              </button>
            ),
          )}
        </div>
      )}
      <ErrorMessage error={transition.error} />
      {confirming && (
        <ConfirmDialog
          title={`${TRANSITION[confirming].label}?`}
          message={TRANSITION[confirming].message}
          action={TRANSITION[confirming].label}
          open
          pending={transition.isPending}
          onConfirm={() => transition.mutate(confirming, { onSettled: () => setConfirming(null) })}
          onClose={() => setConfirming(null)}
        />
      )}
      {refunding && <RefundDialog order={order} onClose={() => setRefunding(false)} />}
    </div>
  );
}
