// Custom fields (docs/api/21-custom-fields.md, migration 0029): the store's definitions, and the index of filterable product
// and variant values that the product list filters by (kept by triggers from the owners' `fields` columns).
import { sql } from "drizzle-orm";
import { customType, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { products } from "./catalog";
import { stores } from "./identity";

export const fieldDefinitions = sqliteTable(
  "field_definitions",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    owner: text("owner", { enum: ["product", "variant", "collection", "customer", "order"] }).notNull(),
    key: text("key").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    type: text("type").notNull(),
    /** JSON `{min?, max?, regex?, choices?}`. */
    validations: text("validations").notNull().default("{}"),
    filterable: integer("filterable", { mode: "boolean" }).notNull().default(false),
    /** False while the backfill of a filterable definition has not finished (migration 0032, src/fields/slices.ts). */
    indexReady: integer("index_ready", { mode: "boolean" }).notNull().default(true),
    /** True from a DELETE's first batch until its last (migration 0032): no value may be written for it. */
    deleting: integer("deleting", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("field_definitions_store_owner_key_idx").on(t.storeId, t.owner, t.key),
    index("field_definitions_filterable_idx").on(t.storeId, t.owner, t.key).where(sql`${t.filterable} = 1`),
  ],
);

/** A column with no declared type: each value keeps its own SQLite type (integer, real, text). */
const untyped = customType<{ data: string | number }>({ dataType: () => "" });

export const fieldIndex = sqliteTable(
  "field_index",
  {
    storeId: text("store_id").notNull(),
    definitionId: text("definition_id")
      .notNull()
      .references(() => fieldDefinitions.id, { onDelete: "cascade" }),
    /** The product's or the variant's id. */
    resourceId: text("resource_id").notNull(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    value: untyped("value"),
    status: text("status", { enum: ["draft", "live"] })
      .notNull()
      .default("draft"),
    updatedAt: text("updated_at").notNull().default(""),
  },
  (t) => [
    primaryKey({ columns: [t.definitionId, t.resourceId] }),
    index("field_index_walk_idx").on(t.storeId, t.definitionId, t.value, t.updatedAt, t.productId, t.status),
    index("field_index_product_idx").on(t.productId, t.resourceId),
  ],
);

/**
 * Always empty: a write of values asserts, in its own batch, that the definitions it checked them against still
 * exist (`INSERT INTO field_guards SELECT NULL WHERE NOT ...`); a failure names this table (src/fields/field-values.ts).
 */
export const fieldGuards = sqliteTable("field_guards", { ok: integer("ok").notNull() });
