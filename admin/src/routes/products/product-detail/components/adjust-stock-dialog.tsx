// "Adjust": one change of one variant's stock at one location, with a reason and a reference (POST
// /inventory/adjustments with one change). Either "Quantity change" (a signed number: +5 received, -2 damaged) or
// "New on hand" (what a count found; sent with compare_on_hand, so a count made while the level changed is refused
// and said, rather than overwriting the change).
import { useState } from "react";
import { useEditForm } from "../../../../components/common/edit-form";
import { SelectField, TextField } from "../../../../components/common/field";
import { FormDialog } from "../../../../components/common/form-dialog";
import { type AdjustmentReason, useAdjustInventory } from "../../../../hooks/api/inventory";
import { ADJUSTMENT_REASONS, parseCount, parseSigned, signed } from "../../../../lib/inventory-words";
import { ApiProblem, localProblem } from "../../../../lib/problem";

export interface StockLevel {
  location_id: string;
  location_code: string;
  on_hand: number;
  committed: number;
  available: number;
}

const DELTA = "changes.0.delta";
const ON_HAND = "changes.0.on_hand";

type Form = { reason: string; delta: string; onHand: string; reference: string };

/** The change to send, or a field error the console can tell before sending. */
function toChange(form: Form, level: StockLevel) {
  const delta = form.delta.trim();
  const onHand = form.onHand.trim();
  if (!delta && !onHand) return localProblem(DELTA, "Enter a quantity change (such as +5 or -3), or the new on hand");
  if (delta && onHand) return localProblem(DELTA, "Enter a quantity change or a new on hand, not both");
  if (delta) {
    const n = parseSigned(delta);
    if (n === null) return localProblem(DELTA, "Enter a whole number such as +5 or -3");
    if (n === 0) return localProblem(DELTA, "A change of 0 changes nothing");
    return { delta: n };
  }
  const n = parseCount(onHand);
  if (n === null) return localProblem(ON_HAND, "Enter a whole number of at least 0");
  return { on_hand: n, compare_on_hand: level.on_hand };
}

export function AdjustStockDialog(props: {
  productId: string;
  variantId: string;
  variantTitle: string;
  locationName: string;
  /** The level as it is now (the product's variant, read again after every change). */
  level: StockLevel;
  onClose: () => void;
  /** After a successful adjustment, in words ("+5 at Warehouse (Received)"). */
  onSaved: (words: string) => void;
}) {
  const { level } = props;
  const adjust = useAdjustInventory(props.productId);
  const edit = useEditForm<Form>({ reason: "correction", delta: "", onHand: "", reference: "" });
  const [localError, setLocalError] = useState<ApiProblem | null>(null);
  const error = localError ?? adjust.error;
  const submit = () => {
    const change = toChange(edit.form, level);
    if (change instanceof ApiProblem) return setLocalError(change);
    setLocalError(null);
    const reason = edit.form.reason as AdjustmentReason;
    const reference = edit.form.reference.trim();
    adjust.mutate(
      { reason, reference: reference || undefined, changes: [{ variant_id: props.variantId, location_id: level.location_id, ...change }] },
      {
        onSuccess: (done) => {
          edit.saved();
          const entry = done.entries[0];
          const moved = entry ? signed(entry.on_hand_delta) : "0";
          const words = ADJUSTMENT_REASONS.find(([r]) => r === reason)?.[1] ?? reason;
          props.onSaved(`Saved adjustment: ${moved} at ${props.locationName} (${words})`);
          props.onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      title={`Adjust stock at ${props.locationName}`}
      form={edit}
      onClose={props.onClose}
      onSubmit={submit}
      submit="Save adjustment"
      pending={adjust.isPending}
      error={error}
    >
      <p>
        {props.variantTitle} at {props.locationName}: {level.on_hand} on hand, {level.committed} committed to orders, {level.available} available.
      </p>
      <SelectField label="Reason" value={edit.form.reason} onChange={(r) => edit.setValue("reason", r)} options={ADJUSTMENT_REASONS} path="reason" error={error} />
      <div className="form-grid">
        <TextField label="Quantity change" inputMode="numeric" value={edit.form.delta} onChange={edit.set("delta")} path={DELTA} error={error}
          hint="+5 adds five, -3 takes three away" />
        <TextField label="New on hand" inputMode="numeric" value={edit.form.onHand} onChange={edit.set("onHand")} path={ON_HAND} error={error}
          hint="Or what a count found" />
      </div>
      <TextField label="Reference" maxLength={255} value={edit.form.reference} onChange={edit.set("reference")} path="reference" error={error}
        hint="Optional: a purchase order, a document URL" />
    </FormDialog>
  );
}
