// What a store move copies, verifies and deletes, table by table (docs/scale.md section 4, "Moving a store").
// Each entry says how to find one store's rows in a store database (`scope`, SQL with `?` for the store id) and
// the primary key the job walks in order (its cursor), so every step is a bounded range of that key.
//
// The order is the foreign keys' order: a parent before its children when copying, the reverse when deleting.
// Adding a table with store rows to the store databases means adding it here, with its capture triggers (as in
// migrations/store/0026_move_capture.sql), or moves would leave it, or its changes during a move, behind
// (test/moves/moves.test.ts compares every table of a moved store before and after; move-capture.test.ts checks
// the triggers).

export interface MovedTable {
  name: string;
  /** Primary key columns: the cursor and the verification walk in this order. */
  key: string[];
  /** The store's rows, with `?` standing for the store id (each `?` gets it). */
  scope: string;
  /** Rows that may already be on the target for another store (members' user copies): never overwritten. */
  shared?: true;
  /** Values the target's copy gets whatever the source says (the store's own row arrives `incoming`). */
  fixed?: Record<string, string>;
}

const byStore = "store_id = ?";

/** Copy order. */
export const MOVED_TABLES: MovedTable[] = [
  {
    name: "users",
    key: ["id"],
    // Members, the owner, and whoever holds a token here (a removed member's revoked tokens keep their user id).
    scope: `id IN (SELECT user_id FROM memberships WHERE store_id = ? UNION SELECT user_id FROM api_tokens WHERE store_id = ?
      UNION SELECT owner_id FROM stores WHERE id = ?)`,
    shared: true,
  },
  { name: "stores", key: ["id"], scope: "id = ?", fixed: { state: "incoming" } },
  { name: "memberships", key: ["store_id", "user_id"], scope: byStore },
  { name: "api_tokens", key: ["id"], scope: byStore },
  { name: "invites", key: ["id"], scope: byStore },
  { name: "integrations", key: ["id"], scope: byStore },
  { name: "locations", key: ["id"], scope: byStore },
  // Before the products: their insert triggers on the target index the filterable values (migration 0029).
  { name: "field_definitions", key: ["id"], scope: byStore },
  { name: "products", key: ["id"], scope: byStore },
  { name: "product_variants", key: ["id"], scope: byStore },
  // Derived from the products' and variants' `fields` by triggers on the target too; the copy finds the same rows.
  { name: "field_index", key: ["definition_id", "resource_id"], scope: byStore },
  // The inventory tables arrive as they are: on a store whose row says `incoming`, no inventory trigger derives
  // stock or ledger entries (migrations/store/0027).
  { name: "inventory_levels", key: ["variant_id", "location_id"], scope: byStore },
  { name: "inventory_ledger", key: ["id"], scope: byStore },
  { name: "product_specs", key: ["id"], scope: byStore },
  { name: "product_reviews", key: ["id"], scope: byStore },
  // Derived from products.tags by a trigger on the target too; the copy finds the same rows there.
  { name: "product_tags", key: ["product_id", "tag_lower"], scope: byStore },
  { name: "collections", key: ["id"], scope: byStore },
  { name: "collection_products", key: ["collection_id", "product_id"], scope: byStore },
  { name: "media_files", key: ["id"], scope: byStore },
  { name: "product_images", key: ["id"], scope: byStore },
  // After products: the products' insert triggers made a row on the target; the source's counts replace it.
  { name: "store_catalog_stats", key: ["store_id"], scope: byStore },
  { name: "customers", key: ["id"], scope: byStore },
  // Prices (migration 0035): groups before their members and the lists naming them; prices after the variants and
  // lists; the history as it is (the variants' price triggers do nothing on an `incoming` store).
  { name: "customer_groups", key: ["id"], scope: byStore },
  { name: "customer_group_members", key: ["group_id", "customer_id"], scope: byStore },
  { name: "price_lists", key: ["id"], scope: byStore },
  { name: "prices", key: ["variant_id", "price_list_id", "min_quantity"], scope: byStore },
  { name: "price_history", key: ["id"], scope: byStore },
  { name: "orders", key: ["id"], scope: byStore },
  { name: "order_lines", key: ["order_id", "position"], scope: "order_id IN (SELECT id FROM orders WHERE store_id = ?)" },
  { name: "order_allocations", key: ["order_id", "position", "location_id"], scope: byStore },
  // Shipments (migration 0037): after the orders they belong to, items and stock after their shipment.
  { name: "shipments", key: ["id"], scope: byStore },
  { name: "shipment_items", key: ["shipment_id", "position"], scope: byStore },
  { name: "shipment_stock", key: ["shipment_id", "position", "location_id"], scope: byStore },
  // After the shipments: their insert triggers made the day counts on the target; the source's counts replace them.
  { name: "shipment_days", key: ["store_id", "day"], scope: byStore },
  // Returns (migration 0038): after the orders, items after their return.
  { name: "returns", key: ["id"], scope: byStore },
  { name: "return_items", key: ["return_id", "position"], scope: byStore },
  { name: "webhooks", key: ["id"], scope: byStore },
  { name: "events", key: ["id"], scope: byStore },
  { name: "webhook_deliveries", key: ["id"], scope: byStore },
  { name: "webhook_attempts", key: ["id"], scope: "delivery_id IN (SELECT id FROM webhook_deliveries WHERE store_id = ?)" },
  { name: "audit_log", key: ["id"], scope: byStore },
  { name: "product_deletions", key: ["id"], scope: byStore },
  { name: "product_imports", key: ["id"], scope: byStore },
  // A store's keys: 'store:<id>:<credential>' (src/lib/idempotency.ts `scopeOf`), a range of the primary key; and
  // 'store:<id>', kept from before migration 0033 until it expires (24 h).
  {
    name: "idempotency_keys",
    key: ["scope", "key"],
    scope: "scope = 'store:' || ? OR (scope >= 'store:' || ? || ':' AND scope < 'store:' || ? || ';')",
  },
];

export const tableNamed = (name: string): MovedTable => {
  const table = MOVED_TABLES.find((t) => t.name === name);
  if (!table) throw new Error(`not a moved table: ${name}`);
  return table;
};

/**
 * Delete order, children first. The catalog counters go before the products (and the shipments' day counts before
 * the shipments): a product's delete trigger updates them, and an update of a store's rows is refused while its row says `purging` (migrations/store/0015).
 * The store's row goes last. Member user copies stay (other stores on the database may share them).
 */
export const DELETE_ORDER: string[] = [
  "webhook_attempts",
  "webhook_deliveries",
  "webhooks",
  "events",
  "audit_log",
  "product_deletions",
  "product_imports",
  "idempotency_keys",
  "return_items",
  "returns",
  "shipment_stock",
  "shipment_items",
  "shipment_days",
  "shipments",
  "order_allocations",
  "order_lines",
  "orders",
  "price_history",
  "prices",
  "price_lists",
  "customer_group_members",
  "customer_groups",
  "customers",
  "product_images",
  "media_files",
  "store_catalog_stats",
  "collection_products",
  "collections",
  "product_tags",
  "product_reviews",
  "product_specs",
  "inventory_ledger",
  "inventory_levels",
  "field_index",
  "product_variants",
  "products",
  "field_definitions",
  "locations",
  "integrations",
  "invites",
  "api_tokens",
  "memberships",
  "stores",
];

/** Bound parameters per statement: D1's limit. */
export const MAX_PARAMS = 100;

/** The scope's SQL and its parameters for one store. */
export function scoped(table: MovedTable, storeId: string): { where: string; params: string[] } {
  const count = table.scope.split("?").length - 1;
  return { where: `(${table.scope})`, params: Array(count).fill(storeId) };
}

/** `(k1, k2) > (?, ?)`: after the cursor, in key order (SQLite row values). */
export function afterKey(table: MovedTable, cursor: unknown[] | null): { where: string; params: unknown[] } {
  if (!cursor) return { where: "1", params: [] };
  const cols = table.key.map(quote).join(", ");
  return { where: `(${cols}) > (${table.key.map(() => "?").join(", ")})`, params: cursor };
}

export const quote = (column: string) => `"${column.replaceAll('"', '""')}"`;
export const keyOrder = (table: MovedTable) => table.key.map(quote).join(", ");
