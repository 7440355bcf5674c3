// "Ship items" (POST /orders/{id}/shipments, fulfillments.write; docs/api/25-shipments.md): a spinbutton per line with
// units left to ship, prefilled with what is left (0 leaves the line out), the combobox "Location" (blank: each line's
// units leave the locations that committed them, the default first; a location: every unit must be committed
// there, else the API's 409 is said above the buttons), and one tracking entry: "Tracking number", "Carrier" and
// "Tracking URL" (the number is what the carrier gave; carrier and URL go with it). A quantity that is not a whole
// number up to what is left is refused at its line before sending; the API's `items.<k>.quantity` (the k-th item
// sent) lands at the line it came from, `location_id` at "Location", `tracking.0.<field>` at its textbox. No
// min/max on the spinbuttons and no type="url": the browser's own tooltip would refuse before the words are said.
import { useRef } from "react";
import { SelectField, TextField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { FieldError, useApiForm } from "../../../components/forms";
import { useAllLocations } from "../../../hooks/api/locations";
import type { Order } from "../../../hooks/api/orders";
import { type CreateShipmentRequest, useCreateShipment } from "../../../hooks/api/shipments";
import { type ApiProblem, localProblems } from "../../../lib/problem";
import { leftToShip, lineName } from "./fulfilment-words";

/** A whole number from 0 to `most`, typed; the words say the range otherwise. */
export const wholeUpTo = (most: number) => (text: string) => (/^\d+$/.test(text.trim()) && Number(text) <= most) || `Enter a whole number from 0 to ${most}`;

/** API item paths (`items.<k>.<field>`, the k-th item sent) at the line field they came from. */
export function itemPath(path: string, sent: number[]): string | undefined {
  const m = /^items\.(\d+)\.(quantity|line_item_id)$/.exec(path);
  if (!m) return undefined;
  const line = sent[Number(m[1])];
  return line === undefined ? undefined : `lines.${line}.quantity`;
}

export function ShipItemsDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const locations = useAllLocations();
  // The order line each item sent came from (the k-th item is line sent[k]), for the API's `items.<k>` paths.
  const sent = useRef<number[]>([]);
  const form = useApiForm({
    defaultValues: {
      lines: order.line_items.map((line) => ({ quantity: String(leftToShip(line)) })),
      location: "",
      number: "",
      carrier: "",
      url: "",
    },
    mutation: useCreateShipment(order.id),
    paths: (path) =>
      itemPath(path, sent.current) ??
      (
        { location_id: "location", tracking: "number", "tracking.0.number": "number", "tracking.0.carrier": "carrier", "tracking.0.url": "url" } as Record<
          string,
          string
        >
      )[path],
    request: ({ lines, location, number, carrier, url }): CreateShipmentRequest | ApiProblem => {
      const items = lines.flatMap((l, i) => (Number(l.quantity) > 0 ? [{ line_item_id: order.line_items[i].id, quantity: Number(l.quantity), line: i }] : []));
      const problems = [
        ...(items.length === 0 ? [{ path: "items", message: "Ship at least one unit" }] : []),
        ...(!number.trim() && (carrier.trim() || url.trim()) ? [{ path: "number", message: "Give the tracking number the carrier gave" }] : []),
      ];
      if (problems.length > 0) return localProblems(problems);
      sent.current = items.map((item) => item.line);
      return {
        items: items.map(({ line_item_id, quantity }) => ({ line_item_id, quantity })),
        ...(location ? { location_id: location } : {}),
        ...(number.trim()
          ? { tracking: [{ number: number.trim(), ...(carrier.trim() ? { carrier: carrier.trim() } : {}), ...(url.trim() ? { url: url.trim() } : {}) }] }
          : {}),
      };
    },
    onSaved: onClose,
  });
  const choices: Array<[string, string]> = [
    ["", "Where the units were committed"],
    ...(locations.data ?? []).map((l): [string, string] => [l.id, l.active ? l.name : `${l.name} (inactive)`]),
  ];
  const lines = order.line_items.map((line, index) => ({ line, index, left: leftToShip(line) }));
  return (
    <FormDialog title="Ship items" form={form} onClose={onClose} submit="Create shipment">
      <fieldset aria-describedby="ship-items-error">
        <legend>Units to ship</legend>
        <FieldError name="items" id="ship-items-error" />
        {lines
          .filter(({ left }) => left > 0)
          .map(({ line, index, left }) => (
            <TextField
              key={line.id}
              label={lineName(line)}
              type="number"
              className="narrow"
              hint={`${left} of ${line.quantity} left to ship`}
              {...form.register(`lines.${index}.quantity`, { validate: wholeUpTo(left) })}
            />
          ))}
        {lines
          .filter(({ left }) => left === 0)
          .map(({ line }) => (
            <p key={line.id} className="hint">
              {lineName(line)}: all {line.quantity} shipped
            </p>
          ))}
      </fieldset>
      <SelectField
        label="Location"
        options={choices}
        {...form.register("location")}
        hint="Blank: each line's units leave the locations that committed them (the default first). A location: every unit must be committed there."
      />
      <div className="form-grid">
        <TextField label="Tracking number" autoComplete="off" {...form.register("number")} />
        <TextField label="Carrier" autoComplete="off" {...form.register("carrier")} />
      </div>
      <TextField
        label="Tracking URL"
        inputMode="url"
        autoComplete="off"
        {...form.register("url")}
        hint="Optional: where the buyer can follow the parcel (http or https)"
      />
    </FormDialog>
  );
}
