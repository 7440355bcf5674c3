// "Record return" (POST /orders/{id}/returns, fulfillments.write; docs/api/25-shipments.md): a spinbutton per shipped
// line (units coming back, up to what it shipped and has not had returned; 0 leaves the line out), the checkbox
// "Restock" (the units go back on hand; unchecked, no stock moves), the select "Location" where they go (blank: the
// default location; only while restocking), "Reason" and "Note". A return moves no money (a refund is the order's
// "Refund"). A quantity that is not a whole number up to what can come back is refused at its line before sending; the
// API's `items.<k>.quantity` (the k-th item sent) lands at the line it came from, `items.<k>.location_id` at
// "Location", `reason` and `note` at theirs.
import { useRef } from "react";
import { CheckboxField, SelectField, TextArea, TextField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { FieldError, useApiForm } from "../../../components/forms";
import { useAllLocations } from "../../../hooks/api/locations";
import type { Order } from "../../../hooks/api/orders";
import { type CreateReturnRequest, useCreateReturn } from "../../../hooks/api/returns";
import { type ApiProblem, localProblems } from "../../../lib/problem";
import { lineName, returnable } from "./fulfilment-words";
import { itemPath, wholeUpTo } from "./ship-items-dialog";

const FIELD_OF: Record<string, string> = { reason: "reason", note: "note", items: "items" };

export function ReturnDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const locations = useAllLocations();
  // The order line each item sent came from (the k-th item is line sent[k]), for the API's `items.<k>` paths.
  const sent = useRef<number[]>([]);
  const form = useApiForm({
    defaultValues: { lines: order.line_items.map(() => ({ quantity: "0" })), restock: true, location: "", reason: "", note: "" },
    mutation: useCreateReturn(order.id),
    paths: (path) => {
      if (/^items\.\d+\.location_id$/.test(path)) return "location";
      if (/^items\.\d+\.restock$/.test(path)) return "restock";
      return itemPath(path, sent.current) ?? FIELD_OF[path];
    },
    request: ({ lines, restock, location, reason, note }): CreateReturnRequest | ApiProblem => {
      const items = lines.flatMap((l, i) => (Number(l.quantity) > 0 ? [{ line: i, quantity: Number(l.quantity) }] : []));
      if (items.length === 0) return localProblems([{ path: "items", message: "Return at least one unit" }]);
      sent.current = items.map((item) => item.line);
      return {
        items: items.map(({ line, quantity }) => ({
          line_item_id: order.line_items[line].id,
          quantity,
          restock,
          ...(restock && location ? { location_id: location } : {}),
        })),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      };
    },
    onSaved: onClose,
  });
  const restock = form.watch("restock");
  const fallback = locations.data?.find((l) => l.is_default);
  const choices: Array<[string, string]> = [
    ["", fallback ? `The default location (${fallback.name})` : "The default location"],
    ...(locations.data ?? []).map((l): [string, string] => [l.id, l.active ? l.name : `${l.name} (inactive)`]),
  ];
  const shipped = order.line_items.map((line, index) => ({ line, index, most: returnable(line) })).filter(({ line }) => line.fulfilled_quantity > 0);
  return (
    <FormDialog title="Record return" form={form} onClose={onClose} submit="Record return">
      <fieldset aria-describedby="return-items-error">
        <legend>Units coming back</legend>
        <FieldError name="items" id="return-items-error" />
        {shipped
          .filter(({ most }) => most > 0)
          .map(({ line, index, most }) => (
            <TextField
              key={line.id}
              label={lineName(line)}
              type="number"
              className="narrow"
              hint={`Up to ${most}: ${line.fulfilled_quantity} shipped${line.returned_quantity > 0 ? `, ${line.returned_quantity} returned already` : ""}`}
              {...form.register(`lines.${index}.quantity`, { validate: wholeUpTo(most) })}
            />
          ))}
        {shipped
          .filter(({ most }) => most === 0)
          .map(({ line }) => (
            <p key={line.id} className="hint">
              {lineName(line)}: all {line.fulfilled_quantity} shipped have come back
            </p>
          ))}
      </fieldset>
      <CheckboxField label="Restock" hint="Put the units back on hand. Unchecked: no stock moves (damaged or not sellable)." {...form.register("restock")} />
      <SelectField label="Location" options={choices} disabled={!restock} hint="Where restocked units go" {...form.register("location")} />
      <TextField label="Reason" autoComplete="off" {...form.register("reason")} />
      <TextArea label="Note" rows={2} {...form.register("note")} />
    </FormDialog>
  );
}
