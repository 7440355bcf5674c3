// Migration store/0027 on a database that already holds a store (docs/api/20-inventory.md: "existing stores get it by
// migration, holding each variant's current stock"): every store gets its default location; each variant's stock
// stays what it was; the units open orders took are committed there, with allocations, so that a later cancel
// returns them and a fulfilment ships them; each level opens with one `initial` ledger entry; owners gain bits 20
// and 21.
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

type Migration = Parameters<typeof applyD1Migrations>[1][number];
const all = (env.TEST_MIGRATIONS as Record<string, Migration[]>).STORE_DB_001;
const before = all.filter((m) => m.name < "0027");
const inventory = all.filter((m) => m.name.startsWith("0027"));
const db = (env as unknown as Record<string, D1Database>).SCALE_DB_052;
const at = "2026-11-01T00:00:00.000Z";

const rows = async <T>(query: string, ...params: unknown[]) =>
  (
    await db
      .prepare(query)
      .bind(...params)
      .all<T>()
  ).results;

beforeAll(async () => {
  expect(inventory).toHaveLength(1);
  await applyD1Migrations(db, before);
  const order = (id: string, status: string) =>
    db
      .prepare(
        "INSERT INTO orders (id, store_id, email, currency, status, total_cents, refunded_cents, created_at, updated_at) VALUES (?, 's1', 'b@example.test', 'EUR', ?, 0, 0, ?, ?)",
      )
      .bind(id, status, at, at);
  const line = (orderId: string, position: number, variant: string, quantity: number, reserved: number, mode = "stocked") =>
    db
      .prepare(
        "INSERT INTO order_lines (order_id, position, variant_id, product_id, title, sku, unit_price_cents, quantity, fulfillment_mode, reserved_quantity) VALUES (?, ?, ?, 'p1', 'T', NULL, 100, ?, ?, ?)",
      )
      .bind(orderId, position, variant, quantity, mode, reserved);
  const variant = (id: string, stock: number, mode = "stocked") =>
    db
      .prepare(
        "INSERT INTO product_variants (id, store_id, product_id, title, is_default, sku, sku_lower, price_cents, stock, fulfillment_mode, option_key, created_at, updated_at) VALUES (?, 's1', 'p1', ?, 0, ?, ?, 100, ?, ?, ?, ?, ?)",
      )
      .bind(id, id, id.toUpperCase(), id, stock, mode, id, at, at);
  await db.batch([
    db
      .prepare("INSERT INTO users (id, email, email_lower, name, password_hash, created_at) VALUES ('u1', 'o@example.test', 'o@example.test', 'O', 'x', ?)")
      .bind(at),
    db.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES ('s1', 'S', 'u1', ?), ('s2', 'Empty', 'u1', ?)").bind(at, at),
    db.prepare("INSERT INTO memberships (store_id, user_id, role, permissions, created_at) VALUES ('s1', 'u1', 'owner', '2305843009214742527', ?)").bind(at),
    db
      .prepare(
        "INSERT INTO products (id, store_id, slug, title, product_type, status, created_at, updated_at) VALUES ('p1', 's1', 'p1', 'P', 'variable', 'live', ?, ?)",
      )
      .bind(at, at),
    variant("va", 7), // 3 more are taken by a pending and a paid order
    variant("vb", 0), // nothing, nowhere
    variant("vc", 0), // sold out to an open order
    variant("vd", 4, "on_demand"),
    order("o-pending", "pending"),
    order("o-paid", "paid"),
    order("o-canceled", "canceled"),
    order("o-fulfilled", "fulfilled"),
    line("o-pending", 0, "va", 2, 2),
    line("o-pending", 1, "vc", 2, 2),
    line("o-pending", 2, "vd", 5, 0, "on_demand"),
    line("o-paid", 0, "va", 1, 1),
    line("o-canceled", 0, "va", 5, 5),
    line("o-fulfilled", 0, "va", 9, 9),
  ]);
  await applyD1Migrations(db, inventory);
});

describe("migration 0027: every existing store's opening balance", () => {
  it("every store gets exactly one location, the default: Default / default, active, at position 0", async () => {
    const locations = await rows<Record<string, unknown>>("SELECT store_id, name, code, is_default, active, position FROM locations ORDER BY store_id");
    expect(locations).toEqual([
      { store_id: "s1", name: "Default", code: "default", is_default: 1, active: 1, position: 0 },
      { store_id: "s2", name: "Default", code: "default", is_default: 1, active: 1, position: 0 },
    ]);
  });

  it("stock is unchanged; open orders' units are committed at the default location; nothing else gets a level", async () => {
    expect(await rows("SELECT id, stock FROM product_variants ORDER BY id")).toEqual([
      { id: "va", stock: 7 },
      { id: "vb", stock: 0 },
      { id: "vc", stock: 0 },
      { id: "vd", stock: 4 },
    ]);
    expect(await rows("SELECT variant_id, on_hand, committed FROM inventory_levels ORDER BY variant_id")).toEqual([
      { variant_id: "va", on_hand: 10, committed: 3 },
      { variant_id: "vc", on_hand: 2, committed: 2 },
      { variant_id: "vd", on_hand: 4, committed: 0 },
    ]);
    expect(await rows("SELECT order_id, position, variant_id, quantity FROM order_allocations ORDER BY order_id, position")).toEqual([
      { order_id: "o-paid", position: 0, variant_id: "va", quantity: 1 },
      { order_id: "o-pending", position: 0, variant_id: "va", quantity: 2 },
      { order_id: "o-pending", position: 1, variant_id: "vc", quantity: 2 },
    ]);
  });

  it("each level opens with one `initial` entry holding its numbers, numbered from 1 per store", async () => {
    const entries = await rows<Record<string, unknown>>(
      "SELECT store_id, seq, variant_id, location_code, on_hand_delta, committed_delta, on_hand_after, committed_after, reason FROM inventory_ledger ORDER BY seq",
    );
    expect(entries).toEqual([
      {
        store_id: "s1",
        seq: 1,
        variant_id: "va",
        location_code: "default",
        on_hand_delta: 10,
        committed_delta: 3,
        on_hand_after: 10,
        committed_after: 3,
        reason: "initial",
      },
      {
        store_id: "s1",
        seq: 2,
        variant_id: "vc",
        location_code: "default",
        on_hand_delta: 2,
        committed_delta: 2,
        on_hand_after: 2,
        committed_after: 2,
        reason: "initial",
      },
      {
        store_id: "s1",
        seq: 3,
        variant_id: "vd",
        location_code: "default",
        on_hand_delta: 4,
        committed_delta: 0,
        on_hand_after: 4,
        committed_after: 0,
        reason: "initial",
      },
    ]);
  });

  it("owners gain inventory.read and inventory.write", async () => {
    const [{ permissions }] = await rows<{ permissions: string }>("SELECT permissions FROM memberships WHERE role = 'owner'");
    expect(BigInt(permissions) & ((1n << 20n) | (1n << 21n))).toBe((1n << 20n) | (1n << 21n));
  });
});
