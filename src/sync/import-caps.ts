// The caps of docs/api/13-security.md for imported rows, checked inside the slice's own batch (section 16): a variant is
// inserted only while its product has fewer than VARIANTS_PER_PRODUCT_CAP variants, counted as the batch sees the
// table, so a concurrent API call or another import cannot push a product past the cap between the slice's plan
// and its commit. An insert that the cap stopped inserts nothing; the slice's progress statement (in the same
// batch, after the inserts) counts the variants that exist and reports each one that does not as a row error.
import { type SQL, getTableColumns, sql } from "drizzle-orm";
import { productVariants } from "../db/schema";
import type { Db } from "../lib/context";
import { VARIANTS_PER_PRODUCT_CAP } from "../products/variants.service";

export const CAP_MESSAGE = `a product has at most ${VARIANTS_PER_PRODUCT_CAP} variants`;

/** A planned variant insert: the id it will have, and the row it comes from. */
export interface PlannedInsert {
  line: number;
  id: string;
}

/** Columns that a trigger fills from the product (migration 0024): inserted as their defaults here. */
const TRIGGER_KEPT = { productStatus: sql`'draft'`, productUpdatedAt: sql`''` };

type VariantRow = Omit<typeof productVariants.$inferInsert, keyof typeof TRIGGER_KEPT>;

/**
 * `INSERT INTO product_variants (every column) SELECT <values> WHERE <the product has room>`: Drizzle's insert
 * builder (a raw statement's parameters cannot be bound in a D1 batch) with a SELECT in the table's column order.
 */
export function insertVariantWithinCap(db: Db, row: Required<VariantRow>) {
  const values = Object.entries(getTableColumns(productVariants)).map(([key, column]) => {
    if (key in TRIGGER_KEPT) return TRIGGER_KEPT[key as keyof typeof TRIGGER_KEPT];
    const value = row[key as keyof VariantRow];
    return value === null || value === undefined ? sql`NULL` : sql.param(value, column);
  });
  return db
    .insert(productVariants)
    .select(
      sql`SELECT ${sql.join(values, sql`, `)} WHERE (SELECT count(*) FROM product_variants WHERE product_id = ${row.productId}) < ${VARIANTS_PER_PRODUCT_CAP}`,
    );
}

const plannedJson = (inserts: PlannedInsert[]) => JSON.stringify(inserts);

/** How many of the planned inserts took place (read after them, in the same batch). */
export const insertedCount = (inserts: PlannedInsert[]): SQL =>
  sql`(SELECT count(*) FROM json_each(${plannedJson(inserts)}) i
    WHERE EXISTS (SELECT 1 FROM product_variants v WHERE v.id = json_extract(i.value, '$.id')))`;

/** `{line, message}` of each planned insert the cap stopped, as rows `(value, line)` for the progress's error list. */
export const capErrors = (inserts: PlannedInsert[]): SQL =>
  sql`SELECT json_object('line', json_extract(i.value, '$.line'), 'message', ${CAP_MESSAGE}) AS value, json_extract(i.value, '$.line') AS line
    FROM json_each(${plannedJson(inserts)}) i
    WHERE NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.id = json_extract(i.value, '$.id'))`;
