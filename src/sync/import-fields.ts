// The custom field cells of an import's slice (docs/api/15-sync-and-bulk.md and docs/api/21-custom-fields.md): `field:<key>` (the product's, read on the
// row that carries the product's fields, where an empty cell removes the value, as an empty brand does) and
// `variant_field:<key>` (an empty cell leaves the value, as for the other variant columns). A cell is read as the
// JSON value it stands for (csv cells: money in minor units, booleans true/false, lists and json as JSON text) and
// checked by the API's own code (fields/values.ts, fields/field-values.ts), references looked up in the store once
// per slice; a bad cell is its row's error, named by its column.
import type { StoreCtx } from "../lib/context";
import { type CheckedFields, checkFields, checkReferences, loadDefinitions } from "../fields/field-values";
import type { FieldsInput } from "../fields/schemas";
import { cellValue } from "../fields/values";
import { type CsvRecord, type SliceRow, fieldColumn } from "./csv-columns";

export interface RowFields {
  /** The product's values, when the row carries the product's fields and the file has field: columns. */
  product?: CheckedFields;
  /** The variant's values given on the row (empty cells are not given). */
  variant?: CheckedFields;
  errors: string[];
}

/** `fields.<key>.<index>` (a check's path) as the column it came from: `field:<key>.<index>`. */
const columnPath = (owner: "product" | "variant", path: string) => `${owner === "product" ? "field" : "variant_field"}:${path.slice("fields.".length)}`;

/** Each row's custom field cells, checked (two reads for the definitions and one for the references, per slice). */
export async function sliceFields(ctx: StoreCtx, rows: SliceRow[]): Promise<Map<number, RowFields>> {
  const out = new Map<number, RowFields>();
  const columns = Object.keys(rows[0]?.record ?? {}).flatMap((c) => {
    const parsed = fieldColumn(c);
    return parsed ? [{ column: c as keyof CsvRecord, ...parsed }] : [];
  });
  if (columns.length === 0) return out;
  const definitions = {
    product: await loadDefinitions(
      ctx,
      "product",
      columns.filter((c) => c.owner === "product").map((c) => c.key),
    ),
    variant: await loadDefinitions(
      ctx,
      "variant",
      columns.filter((c) => c.owner === "variant").map((c) => c.key),
    ),
  };
  const references: Array<{ line: number; owner: "product" | "variant"; check: CheckedFields }> = [];
  for (const { line, record } of rows) {
    const row: RowFields = { errors: [] };
    const carriesProduct = (record.title ?? "").trim() !== "";
    for (const owner of ["product", "variant"] as const) {
      if (owner === "product" && !carriesProduct) continue;
      const input: FieldsInput = {};
      for (const c of columns.filter((c) => c.owner === owner)) {
        const cell = record[c.column] ?? "";
        if (cell === "") {
          if (owner === "product") input[c.key] = null;
          continue;
        }
        const definition = definitions[owner].get(c.key);
        const parsed = definition ? cellValue(definition.type, cell) : { value: cell };
        if ("error" in parsed) row.errors.push(`${c.column}: ${parsed.error}`);
        else input[c.key] = parsed.value;
      }
      if (Object.keys(input).length === 0) continue;
      const check = checkFields(owner, definitions[owner], input, "fields");
      row.errors.push(...check.errors.map((e) => `${columnPath(owner, e.path)}: ${e.message}`));
      row[owner] = check;
      if (check.references.length > 0) references.push({ line, owner, check });
    }
    out.set(line, row);
  }
  // One look-up for the slice's references; each missing one is its row's error.
  const all = references.flatMap((r) => r.check.references.map((ref) => ({ ...ref, path: `${r.line}|${r.owner}|${ref.path}` })));
  for (const error of await checkReferences(ctx, all)) {
    const [line, owner, path] = error.path.split("|");
    out.get(Number(line))!.errors.push(`${columnPath(owner as "product" | "variant", path)}: ${error.message}`);
  }
  return out;
}
