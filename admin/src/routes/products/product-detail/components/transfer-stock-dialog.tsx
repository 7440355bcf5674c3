// "Transfer stock": moves a quantity of one variant from one active location to another (POST /inventory/transfers
// with one item). The API refuses a source without that much available, on the item's quantity.
import { SelectField, TextField } from "../../../../components/common/field";
import { FormDialog } from "../../../../components/common/form-dialog";
import { useApiForm } from "../../../../components/forms";
import { useTransferInventory } from "../../../../hooks/api/inventory";
import { parseCount } from "../../../../lib/inventory-words";
import type { StockLevel } from "./adjust-stock-dialog";

export function TransferStockDialog(props: {
  productId: string;
  variantId: string;
  variantTitle: string;
  /** The variant's levels at the active locations, as they are now. */
  levels: StockLevel[];
  name: (level: StockLevel) => string;
  onClose: () => void;
  onSaved: (words: string) => void;
}) {
  const { levels, name } = props;
  // From the first location with something available, to the first other one.
  const from = levels.find((l) => l.available > 0) ?? levels[0];
  const to = levels.find((l) => l.location_id !== from?.location_id);
  const options = levels.map((l) => [l.location_id, `${name(l)} (${l.available} available)`] as const);
  const named = (id: string) => {
    const level = levels.find((l) => l.location_id === id);
    return level ? name(level) : id;
  };
  const form = useApiForm({
    defaultValues: { from_location_id: from?.location_id ?? "", to_location_id: to?.location_id ?? "", quantity: "", reference: "" },
    mutation: useTransferInventory(props.productId),
    paths: { "items.0.quantity": "quantity" },
    request: (v) => ({
      from_location_id: v.from_location_id,
      to_location_id: v.to_location_id,
      reference: v.reference.trim() || undefined,
      items: [{ variant_id: props.variantId, quantity: parseCount(v.quantity) ?? 0 }],
    }),
    onSaved: (_, v) => {
      props.onSaved(`Transferred ${parseCount(v.quantity)} from ${named(v.from_location_id)} to ${named(v.to_location_id)}`);
      props.onClose();
    },
  });
  return (
    <FormDialog title="Transfer stock" form={form} onClose={props.onClose} submit="Transfer">
      <p>Moves {props.variantTitle} between two locations; the total stays the same.</p>
      <div className="form-grid">
        <SelectField label="From" options={options} {...form.register("from_location_id")} />
        <SelectField
          label="To"
          options={options}
          {...form.register("to_location_id", {
            validate: (id, v) => id !== v.from_location_id || "Choose another location than the one the stock leaves",
          })}
        />
      </div>
      <TextField
        label="Quantity"
        inputMode="numeric"
        required
        {...form.register("quantity", {
          validate: (text) => (parseCount(text) ?? 0) >= 1 || "Enter a whole number of at least 1",
        })}
      />
      <TextField label="Reference" maxLength={255} {...form.register("reference")} hint="Optional: a transfer order, a note" />
    </FormDialog>
  );
}
