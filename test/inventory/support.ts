// Inventory test fixtures: a store with an all-permission PAT, its default location, variants with SKUs, and calls of
// the inventory endpoints.
import { expect } from "vitest";
import { call } from "../helpers/api";
import { storeD1 } from "../helpers/databases";
import { type CatalogStore, catalogStore, makeProduct, makeVariant } from "../products/fixtures";
import { interceptStoreBatches, storeAll } from "../products/store-databases";

export interface InventoryStore extends CatalogStore {
  /** `/stores/{id}` + suffix. */
  at: (suffix: string) => string;
  defaultLocation: { id: string; code: string };
}

export async function inventoryStore(): Promise<InventoryStore> {
  const store = await catalogStore();
  const at = (suffix: string) => `/stores/${store.id}${suffix}`;
  const list = await call("GET", at("/locations"), { token: store.token });
  if (list.status !== 200) throw new Error(`locations: ${list.status} ${list.text}`);
  const [first] = list.body.data;
  return { ...store, at, defaultLocation: { id: first.id, code: first.code } };
}

/** A unique SKU. */
export const newSku = (prefix = "SKU") => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

/** A variable product with one variant per stock given (its SKU fresh); returns the product and its variants. */
export async function productWithVariants(store: InventoryStore, stocks: number[] = [0]) {
  const product = await makeProduct(store, { title: "Boots", product_type: "variable", default_price_cents: undefined });
  const variants: Array<{ id: string; sku: string; product_id: string }> = [];
  for (const [i, stock] of stocks.entries()) {
    const sku = newSku();
    const v = await makeVariant(store, product.id, { sku, stock, option_values: [{ name: "Size", value: `S${i}` }] });
    variants.push({ id: v.id, sku, product_id: product.id });
  }
  return { product, variants };
}

export async function createLocation(store: InventoryStore, body: Record<string, unknown> = {}) {
  const code = (body.code as string | undefined) ?? `loc-${crypto.randomUUID().slice(0, 8)}`;
  const res = await call("POST", store.at("/locations"), { token: store.token, body: { name: `Place ${code}`, code, ...body } });
  if (res.status !== 201) throw new Error(`create location: ${res.status} ${res.text}`);
  return res.body as { id: string; code: string; position: number; is_default: boolean; active: boolean };
}

export const adjust = (store: InventoryStore, body: Record<string, unknown>, token = store.token, headers?: Record<string, string>) =>
  call("POST", store.at("/inventory/adjustments"), { token, body, headers });

export const transfer = (store: InventoryStore, body: Record<string, unknown>, token = store.token) =>
  call("POST", store.at("/inventory/transfers"), { token, body });

/** Adjusts and expects 201. */
export async function adjusted(store: InventoryStore, body: Record<string, unknown>) {
  const res = await adjust(store, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** The level of a variant at a location as GET /inventory lists it (undefined when none exists). */
export async function levelOf(store: InventoryStore, variantId: string, locationId: string) {
  const res = await call("GET", store.at(`/inventory?variant_id=${variantId}&location_id=${locationId}`), { token: store.token });
  expect(res.status, res.text).toBe(200);
  return res.body.data[0] as { on_hand: number; committed: number; available: number } | undefined;
}

/** The variant's stock as the catalog answers it. */
export async function stockOf(store: InventoryStore, productId: string, variantId: string) {
  const res = await call("GET", store.path(`/${productId}/variants/${variantId}`), { token: store.token });
  expect(res.status, res.text).toBe(200);
  return res.body.stock as number;
}

export const ledger = (store: InventoryStore, query = "") => call("GET", store.at(`/inventory/ledger${query}`), { token: store.token });

export const paths = (res: { body: { errors?: Array<{ path: string }> } }) => (res.body.errors ?? []).map((e) => e.path);

/**
 * Sets a level's committed units directly, as an order's batch would (with the context row the ledger needs): for
 * the rules about committed units without depending on the order flow. The level must exist.
 */
export async function setCommitted(storeId: string, variantId: string, locationId: string, committed: number, orderId: string | null = null) {
  const db = await storeD1(storeId);
  await db.batch([
    db
      .prepare(
        "INSERT INTO inventory_context (singleton, store_id, reason, order_id, seq_from) VALUES (1, ?, 'order_committed', ?, coalesce((SELECT max(seq) FROM inventory_ledger WHERE store_id = ?), 0) + 1)",
      )
      .bind(storeId, orderId, storeId),
    db.prepare("UPDATE inventory_levels SET committed = ? WHERE variant_id = ? AND location_id = ?").bind(committed, variantId, locationId),
    db.prepare("DELETE FROM inventory_context"),
  ]);
}

/** Another writer changes a level's on_hand (with its own context row) just before the request's change batch. */
export async function changeOnHandBeforeTheChange(storeId: string, variantId: string, locationId: string, onHand: number) {
  let done = false;
  await interceptStoreBatches(storeId, async (statements, send, db) => {
    // The change's batch is the long one (guards, context, levels, events, audit); the access checks' are short.
    if (!done && statements.length >= 5) {
      done = true;
      await db.batch([
        db
          .prepare(
            "INSERT INTO inventory_context (singleton, store_id, reason, seq_from) VALUES (1, ?, 'correction', coalesce((SELECT max(seq) FROM inventory_ledger WHERE store_id = ?), 0) + 1)",
          )
          .bind(storeId, storeId),
        db.prepare("UPDATE inventory_levels SET on_hand = ? WHERE variant_id = ? AND location_id = ?").bind(onHand, variantId, locationId),
        db.prepare("DELETE FROM inventory_context"),
      ]);
    }
    return send(statements);
  });
}

/** The store's outbox events named `name`, oldest first, with `data` parsed. */
export async function eventsNamed(storeId: string, name: string) {
  const rows = await storeAll<{ data: string }>(
    storeId,
    "SELECT json_extract(payload, '$.data') AS data FROM events WHERE store_id = ? AND name = ? ORDER BY id",
    storeId,
    name,
  );
  return rows.map((r) => JSON.parse(r.data));
}

/** The store's audit rows with `action`, oldest first. */
export const auditRows = (storeId: string, action: string) =>
  storeAll<{ resource_id: string; details: string | null; user_id: string | null; token_id: string | null; integration_id: string | null }>(
    storeId,
    "SELECT resource_id, details, user_id, token_id, integration_id FROM audit_log WHERE store_id = ? AND action = ? ORDER BY created_at, id",
    storeId,
    action,
  );

/** A level the ledger or the levels know, beside the sums of its ledger entries (docs/inventory.md "The model"). */
export interface LevelAgainstLedger {
  variant_id: string;
  location_id: string;
  /** The level as it is: 0 and 0 when it no longer exists (its variant was deleted). */
  on_hand: number;
  committed: number;
  on_hand_sum: number;
  committed_sum: number;
  /** Whether the level's row exists, and whether its variant does. */
  level_exists: number;
  variant_exists: number;
}

/** Every (variant, location) of the store that has a level or ledger entries, deleted variants' levels included. */
export const levelsAgainstLedger = (storeId: string) =>
  storeAll<LevelAgainstLedger>(
    storeId,
    `SELECT k.variant_id, k.location_id, coalesce(il.on_hand, 0) AS on_hand, coalesce(il.committed, 0) AS committed,
       (SELECT coalesce(sum(e.on_hand_delta), 0) FROM inventory_ledger e WHERE e.store_id = k.store_id AND e.variant_id = k.variant_id AND e.location_id = k.location_id) AS on_hand_sum,
       (SELECT coalesce(sum(e.committed_delta), 0) FROM inventory_ledger e WHERE e.store_id = k.store_id AND e.variant_id = k.variant_id AND e.location_id = k.location_id) AS committed_sum,
       il.variant_id IS NOT NULL AS level_exists,
       EXISTS (SELECT 1 FROM product_variants v WHERE v.id = k.variant_id) AS variant_exists
     FROM (SELECT store_id, variant_id, location_id FROM inventory_ledger WHERE store_id = ?
           UNION SELECT store_id, variant_id, location_id FROM inventory_levels WHERE store_id = ?) k
     LEFT JOIN inventory_levels il ON il.variant_id = k.variant_id AND il.location_id = k.location_id
     ORDER BY k.variant_id, k.location_id`,
    storeId,
    storeId,
  );

/**
 * Expects the ledger to sum to every level of every variant that ever existed in the store: the levels that exist,
 * and 0 and 0 (no level left) for the levels of deleted variants. Returns the rows, for further checks.
 */
export async function expectLedgerSumsToLevels(storeId: string) {
  const rows = await levelsAgainstLedger(storeId);
  for (const r of rows) {
    const at = `variant ${r.variant_id} at ${r.location_id}`;
    expect([r.on_hand_sum, r.committed_sum], at).toEqual([r.on_hand, r.committed]);
    if (!r.variant_exists) expect(r.level_exists, `${at}: a deleted variant keeps no level`).toBe(0);
  }
  return rows;
}

/**
 * A variant's `variant_deleted` entries by location code (one batch's entries have no meaningful order among
 * themselves), then oldest first: [location code, on_hand delta, on_hand after, committed after, reference].
 */
export const deletionEntries = async (storeId: string, variantId: string) =>
  (
    await storeAll<{ location_code: string; on_hand_delta: number; on_hand_after: number; committed_after: number; reference: string | null }>(
      storeId,
      "SELECT location_code, on_hand_delta, on_hand_after, committed_after, reference FROM inventory_ledger WHERE store_id = ? AND variant_id = ? AND reason = 'variant_deleted' ORDER BY location_code, seq",
      storeId,
      variantId,
    )
  ).map((e) => [e.location_code, e.on_hand_delta, e.on_hand_after, e.committed_after, e.reference]);

/** Places an order (201 expected) and returns its id. */
export async function placeOrder(store: InventoryStore, lineItems: Array<{ variant_id: string; quantity: number }>) {
  const res = await call("POST", store.at("/orders"), { token: store.token, body: { email: "buyer@example.test", currency: "USD", line_items: lineItems } });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

/** Moves an order to `status` (200 expected). */
export async function moveOrder(store: InventoryStore, orderId: string, status: "paid" | "canceled" | "fulfilled") {
  const res = await call("POST", store.at(`/orders/${orderId}/transitions`), { token: store.token, body: { status } });
  expect(res.status, res.text).toBe(200);
}

/**
 * An order's batch commits `committed` units of a level just before the request's change batch (the long one), as a
 * concurrent order would between the request's read and its batch. The level must hold that many on hand.
 */
export async function commitUnitsBeforeTheChange(storeId: string, variantId: string, locationId: string, committed: number) {
  let done = false;
  await interceptStoreBatches(storeId, async (statements, send, db) => {
    if (!done && statements.length >= 5) {
      done = true;
      await db.batch([
        db
          .prepare(
            "INSERT INTO inventory_context (singleton, store_id, reason, seq_from) VALUES (1, ?, 'order_committed', coalesce((SELECT max(seq) FROM inventory_ledger WHERE store_id = ?), 0) + 1)",
          )
          .bind(storeId, storeId),
        db.prepare("UPDATE inventory_levels SET committed = ? WHERE variant_id = ? AND location_id = ?").bind(committed, variantId, locationId),
        db.prepare("DELETE FROM inventory_context"),
      ]);
    }
    return send(statements);
  });
}
