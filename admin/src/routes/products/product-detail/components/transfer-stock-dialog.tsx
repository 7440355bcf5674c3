// "Transfer stock": moves a quantity of one variant from one active location to another (POST /inventory/transfers
// with one item). The API refuses a source without that much available, on the item's quantity.
import { useState } from "react";
import { useEditForm } from "../../../../components/common/edit-form";
import { SelectField, TextField } from "../../../../components/common/field";
import { FormDialog } from "../../../../components/common/form-dialog";
import { useTransferInventory } from "../../../../hooks/api/inventory";
import { parseCount } from "../../../../lib/inventory-words";
import { type ApiProblem, localProblem } from "../../../../lib/problem";
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
  const transfer = useTransferInventory(props.productId);
  // From the first location with something available, to the first other one.
  const from = levels.find((l) => l.available > 0) ?? levels[0];
  const to = levels.find((l) => l.location_id !== from?.location_id);
  const edit = useEditForm({ from: from?.location_id ?? "", to: to?.location_id ?? "", quantity: "", reference: "" });
  const [localError, setLocalError] = useState<ApiProblem | null>(null);
  const error = localError ?? transfer.error;
  const options = levels.map((l) => [l.location_id, `${name(l)} (${l.available} available)`] as const);
  const submit = () => {
    const { form } = edit;
    const quantity = parseCount(form.quantity);
    const problem =
      form.from === form.to
        ? localProblem("to_location_id", "Choose another location than the one the stock leaves")
        : quantity === null || quantity < 1
          ? localProblem("items.0.quantity", "Enter a whole number of at least 1")
          : null;
    if (problem) return setLocalError(problem);
    setLocalError(null);
    const reference = form.reference.trim();
    const named = (id: string) => {
      const level = levels.find((l) => l.location_id === id);
      return level ? name(level) : id;
    };
    transfer.mutate(
      {
        from_location_id: form.from,
        to_location_id: form.to,
        reference: reference || undefined,
        items: [{ variant_id: props.variantId, quantity: quantity! }],
      },
      {
        onSuccess: () => {
          edit.saved();
          props.onSaved(`Transferred ${quantity} from ${named(form.from)} to ${named(form.to)}`);
          props.onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      title="Transfer stock"
      form={edit}
      onClose={props.onClose}
      onSubmit={submit}
      submit="Transfer"
      pending={transfer.isPending}
      error={error}
    >
      <p>Moves {props.variantTitle} between two locations; the total stays the same.</p>
      <div className="form-grid">
        <SelectField label="From" value={edit.form.from} onChange={(v) => edit.setValue("from", v)} options={options} path="from_location_id" error={error} />
        <SelectField label="To" value={edit.form.to} onChange={(v) => edit.setValue("to", v)} options={options} path="to_location_id" error={error} />
      </div>
      <TextField label="Quantity" inputMode="numeric" required value={edit.form.quantity} onChange={edit.set("quantity")} path="items.0.quantity" error={error} />
      <TextField label="Reference" maxLength={255} value={edit.form.reference} onChange={edit.set("reference")} path="reference" error={error}
        hint="Optional: a transfer order, a note" />
    </FormDialog>
  );
}
