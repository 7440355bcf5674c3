// "Add prices": a grid whose rows are SKU (a combobox searching the catalog by SKU or title; a SKU it does not offer
// may still be typed, and the API says whether it is one), minimum quantity, price and compare-at price in the
// list's currency, typed in major units with that currency's decimals ("500" for JPY, "5.000" for KWD). Blank rows
// are left out; the others go in one request (POST .../prices/bulk, all or nothing). The console's own refusals (an
// amount with too many decimals) and the API's (`upsert.3.price_cents`, an unknown SKU, a compare-at not above the
// price) are shown in the cell they name, and the row says it was not saved; nothing is saved until every row is
// right. A price already in the list for that SKU and minimum quantity is replaced.
import { useId, useState } from "react";
import { useFieldArray, useFormState } from "react-hook-form";
import { ComboField } from "../../../components/common/combo-field";
import { FormDialog } from "../../../components/common/form-dialog";
import { type ApiFormState, FieldError, useApiForm, useFieldError } from "../../../components/forms";
import { type PriceList, useBulkPrices } from "../../../hooks/api/price-lists";
import { useSkuSearch } from "../../../hooks/api/skus";
import { amountExample, amountWords, parseMinor } from "../../../lib/money";
import { localProblem } from "../../../lib/problem";

type Row = { sku: string; minQuantity: string; price: string; compareAt: string };
type Values = { rows: Row[] };

const BULK_CAP = 250;
const blankRow = (): Row => ({ sku: "", minQuantity: "1", price: "", compareAt: "" });
const isBlank = (r: Row) => !r.sku.trim() && !r.price.trim() && !r.compareAt.trim() && (r.minQuantity.trim() === "" || r.minQuantity.trim() === "1");

/** The API's item fields at the grid's columns. */
const COLUMN_OF: Record<string, keyof Row> = {
  sku: "sku",
  variant_id: "sku",
  min_quantity: "minQuantity",
  price_cents: "price",
  compare_at_price_cents: "compareAt",
};

/** The rows sent, by their index in the grid (blank rows are not sent, so `upsert.<k>` is the k-th of these). */
const sentRows = (rows: Row[]) => rows.flatMap((r, i) => (isBlank(r) ? [] : [i]));

const wholeAtLeastOne = (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= 1;

/** One cell's input, named by its row and column, with the error for `rows.<i>.<column>` under it. */
function GridCell(props: { form: ApiFormState<Values>; index: number; column: Exclude<keyof Row, "sku">; label: string; currency: string }) {
  const { form, index, column } = props;
  const path = `rows.${index}.${column}` as const;
  const id = useId();
  const message = useFieldError(path);
  // The row's other cells decide whether this one may be empty (a blank row is left out).
  const rule = (text: string, values: Values) => {
    const row = values.rows[index];
    if (!row || isBlank(row)) return true;
    if (column === "minQuantity") return wholeAtLeastOne(text) || "Enter a whole number of at least 1";
    if (column === "compareAt" && text.trim() === "") return true;
    return parseMinor(text, props.currency) !== null || amountWords(props.currency);
  };
  return (
    <td>
      <input
        type="text"
        inputMode={column === "minQuantity" ? "numeric" : "decimal"}
        aria-label={`Row ${index + 1} ${props.label}`}
        className={column === "minQuantity" ? "narrow" : "amount"}
        {...form.register(path, { validate: rule })}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
      />
      <FieldError name={path} id={`${id}-error`} />
    </td>
  );
}

/** The SKU cell: a combobox over the catalog's SKUs; the text typed is the value. */
function SkuCell({ form, index }: { form: ApiFormState<Values>; index: number }) {
  const path = `rows.${index}.sku` as const;
  const sku = form.watch(path);
  const [search, setSearch] = useState("");
  const found = useSkuSearch(search);
  const options = (found.data ?? []).map((o) => ({ id: o.sku, label: `${o.sku} — ${o.label}`, text: o.sku }));
  const chosen = options.find((o) => o.id.toLowerCase() === sku.trim().toLowerCase())?.id ?? "";
  const set = (text: string) => form.setValue(path, text, { shouldDirty: true });
  return (
    <td>
      <ComboField
        label={`Row ${index + 1} SKU`}
        labelHidden
        name={path}
        className="combo-field in-cell"
        options={options}
        search
        allowsCustomValue
        value={chosen}
        inputValue={sku}
        onInputChange={(text) => (set(text), setSearch(text))}
        onChange={(id) => id && set(id)}
        busy={found.isFetching}
        placeholder="SKU"
        empty={search ? `No SKU matches “${search}”` : "No SKUs yet"}
      />
    </td>
  );
}

/** "Row 3" and, while any of its cells holds an error, that the row was not saved. */
function RowHeader({ form, index }: { form: ApiFormState<Values>; index: number }) {
  const { errors } = useFormState({ control: form.control, name: `rows.${index}` });
  const invalid = Boolean(errors.rows?.[index]);
  return (
    <th scope="row">
      Row {index + 1}
      {invalid && <span className="field-error row-error"> (not saved)</span>}
    </th>
  );
}

export function AddPricesDialog(props: { list: PriceList; onClose: () => void; onSaved: (words: string) => void }) {
  const { list } = props;
  const form = useApiForm({
    defaultValues: { rows: [blankRow(), blankRow(), blankRow()] } as Values,
    mutation: useBulkPrices(list.id),
    // upsert.<k>.<field> is the k-th row sent, at the column of that field.
    errors: (errors, values) => {
      const sent = sentRows(values.rows);
      return errors.map((e) => {
        const m = /^upsert\.(\d+)(?:\.(\w+))?$/.exec(e.path);
        const row = m ? sent[Number(m[1])] : undefined;
        if (!m || row === undefined) return e;
        return { ...e, path: `rows.${row}.${COLUMN_OF[m[2] ?? "sku"] ?? "sku"}` };
      });
    },
    request: ({ rows }) => {
      const sent = sentRows(rows);
      if (sent.length === 0) return localProblem("rows", "Fill in at least one row: a SKU and its price");
      return {
        upsert: sent.map((i) => {
          const r = rows[i];
          return {
            sku: r.sku.trim(),
            min_quantity: Number(r.minQuantity.trim() || "1"),
            price_cents: parseMinor(r.price, list.currency) ?? 0,
            compare_at_price_cents: r.compareAt.trim() ? parseMinor(r.compareAt, list.currency) : null,
          };
        }),
      };
    },
    onSaved: (result) => {
      props.onSaved(`Saved prices: ${result.upserted} changed`);
      props.onClose();
    },
  });
  const rows = useFieldArray({ control: form.control, name: "rows" });
  const { errors } = useFormState({ control: form.control });
  return (
    <FormDialog title={`Add prices to “${list.name}”`} form={form} onClose={props.onClose} submit="Save prices" className="prices-grid-form">
      <p className="hint">
        Amounts in {list.currency} with its own decimals (five: “{amountExample(list.currency)}”). A SKU and minimum quantity already in the list get the new
        price. Nothing is saved until every row is right.
      </p>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="New prices table">
        <table className="grid">
          <caption className="visually-hidden">New prices</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">SKU</th>
              <th scope="col">Minimum quantity</th>
              <th scope="col">Price ({list.currency})</th>
              <th scope="col">Compare-at ({list.currency})</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.fields.map((row, i) => (
              <tr key={row.id} className={errors.rows?.[i] ? "row-invalid" : undefined}>
                <RowHeader form={form} index={i} />
                <SkuCell form={form} index={i} />
                <GridCell form={form} index={i} column="minQuantity" label="minimum quantity" currency={list.currency} />
                <GridCell form={form} index={i} column="price" label="price" currency={list.currency} />
                <GridCell form={form} index={i} column="compareAt" label="compare-at price" currency={list.currency} />
                <td>
                  {rows.fields.length > 1 && (
                    <button type="button" aria-label={`Remove row ${i + 1}`} onClick={() => rows.remove(i)}>
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FieldError name="rows" id={`${list.id}-rows-error`} />
      {rows.fields.length < BULK_CAP && (
        <button type="button" onClick={() => rows.append(blankRow())}>
          Add row
        </button>
      )}
    </FormDialog>
  );
}
