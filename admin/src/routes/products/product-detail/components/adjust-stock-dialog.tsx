// "Adjust": one change of one variant's stock at one location, with a reason and a reference (POST
// /inventory/adjustments with one change). Either "Quantity change" (a signed number: +5 received, -2 damaged) or
// "New on hand" (what a count found; sent with compare_on_hand, so a count made while the level changed is refused
// and said, rather than overwriting the change).
import { SelectField, TextField } from "../../../../components/common/field";
import { FormDialog } from "../../../../components/common/form-dialog";
import { useApiForm } from "../../../../components/forms";
import { type AdjustmentReason, useAdjustInventory } from "../../../../hooks/api/inventory";
import { ADJUSTMENT_REASONS, parseCount, parseSigned, signed } from "../../../../lib/inventory-words";

export interface StockLevel {
  location_id: string;
  location_code: string;
  on_hand: number;
  committed: number;
  available: number;
}

type Form = { reason: AdjustmentReason; delta: string; onHand: string; reference: string };

/** Either a quantity change or a new on hand (a count), checked before sending (the API checks again). */
const rules = {
  delta: {
    validate: (text: string, form: Form) => {
      const delta = text.trim();
      const onHand = form.onHand.trim();
      if (!delta && !onHand) return "Enter a quantity change (such as +5 or -3), or the new on hand";
      if (delta && onHand) return "Enter a quantity change or a new on hand, not both";
      if (!delta) return true;
      const n = parseSigned(delta);
      if (n === null) return "Enter a whole number such as +5 or -3";
      return n !== 0 || "A change of 0 changes nothing";
    },
  },
  onHand: {
    validate: (text: string, form: Form) =>
      form.delta.trim() !== "" || text.trim() === "" || parseCount(text.trim()) !== null || "Enter a whole number of at least 0",
  },
};

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
  const form = useApiForm({
    defaultValues: { reason: "correction", delta: "", onHand: "", reference: "" } as Form,
    mutation: useAdjustInventory(props.productId),
    paths: { "changes.0.delta": "delta", "changes.0.on_hand": "onHand" },
    request: ({ reason, delta, onHand, reference }) => {
      // A count is sent with compare_on_hand: a count made while the level changed is refused rather than written over.
      const change = delta.trim() ? { delta: parseSigned(delta.trim()) ?? 0 } : { on_hand: parseCount(onHand.trim()) ?? 0, compare_on_hand: level.on_hand };
      return { reason, reference: reference.trim() || undefined, changes: [{ variant_id: props.variantId, location_id: level.location_id, ...change }] };
    },
    onSaved: (done, { reason }) => {
      const entry = done.entries[0];
      const moved = entry ? signed(entry.on_hand_delta) : "0";
      const words = ADJUSTMENT_REASONS.find(([r]) => r === reason)?.[1] ?? reason;
      props.onSaved(`Saved adjustment: ${moved} at ${props.locationName} (${words})`);
      props.onClose();
    },
  });
  return (
    <FormDialog title={`Adjust stock at ${props.locationName}`} form={form} onClose={props.onClose} submit="Save adjustment">
      <p>
        {props.variantTitle} at {props.locationName}: {level.on_hand} on hand, {level.committed} committed to orders, {level.available} available.
      </p>
      <SelectField label="Reason" options={ADJUSTMENT_REASONS} {...form.register("reason")} />
      <div className="form-grid">
        <TextField label="Quantity change" inputMode="numeric" {...form.register("delta", rules.delta)} hint="+5 adds five, -3 takes three away" />
        <TextField label="New on hand" inputMode="numeric" {...form.register("onHand", rules.onHand)} hint="Or what a count found" />
      </div>
      <TextField label="Reference" maxLength={255} {...form.register("reference")} hint="Optional: a purchase order, a document URL" />
    </FormDialog>
  );
}
