// Locations (docs/api/20-inventory.md, docs/inventory.md "Locations"): the places a store holds stock, one of them the
// default; a code unique per store case-insensitively; at most 50; positions from 0; deletion only when empty.
import { afterEach, describe, expect, it, vi } from "vitest";
import { addMember, call, newStore } from "../helpers/api";
import { onSameDatabase } from "../products/store-databases";
import { type InventoryStore, adjusted, auditRows, createLocation, eventsNamed, inventoryStore, levelOf, productWithVariants, stockOf } from "./support";

afterEach(() => vi.restoreAllMocks());

const loc = (store: InventoryStore, suffix = "") => store.at(`/locations${suffix}`);
const post = (store: InventoryStore, body: unknown) => call("POST", loc(store), { token: store.token, body });
const patch = (store: InventoryStore, id: string, body: unknown) => call("PATCH", loc(store, `/${id}`), { token: store.token, body });
const remove = (store: InventoryStore, id: string) => call("DELETE", loc(store, `/${id}`), { token: store.token });
const list = async (store: InventoryStore, query = "?limit=100") => (await call("GET", loc(store, query), { token: store.token })).body;
const codesInOrder = async (store: InventoryStore) => (await list(store)).data.map((l: { code: string; position: number }) => `${l.position}:${l.code}`);

describe("a location is {id, store_id, name, code, is_default, active, position, created_at, updated_at}", () => {
  it("a new store has exactly one location, the default: Default / default at position 0, active", async () => {
    const store = await inventoryStore();
    const body = await list(store);
    expect(body.pagination).toEqual({ limit: 100, offset: 0, total: 1 });
    expect(body.data).toHaveLength(1);
    expect(Object.keys(body.data[0]).sort()).toEqual(["active", "code", "created_at", "id", "is_default", "name", "position", "store_id", "updated_at"]);
    expect(body.data[0]).toMatchObject({ store_id: store.id, name: "Default", code: "default", is_default: true, active: true, position: 0 });
  });

  it("POST creates one last in position order, active unless told otherwise: 201 with a Location header; GET returns it", async () => {
    const store = await inventoryStore();
    const res = await post(store, { name: "Shop floor", code: "Shop-Floor_2" });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get("Location")).toBe(`/stores/${store.id}/locations/${res.body.id}`);
    expect(res.body).toMatchObject({ store_id: store.id, name: "Shop floor", code: "Shop-Floor_2", is_default: false, active: true, position: 1 });
    expect(res.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const inactive = await post(store, { name: "3PL", code: "3pl", active: false });
    expect(inactive.body).toMatchObject({ active: false, position: 2 });
    expect((await call("GET", loc(store, `/${res.body.id}`), { token: store.token })).body).toEqual(res.body);
    expect(await auditRows(store.id, "location.create")).toHaveLength(2);
  });

  it("an unknown, malformed or other store's id is 404", async () => {
    const store = await inventoryStore();
    const other = await inventoryStore();
    for (const id of [crypto.randomUUID(), "not-a-uuid", other.defaultLocation.id]) {
      expect((await call("GET", loc(store, `/${id}`), { token: store.token })).status).toBe(404);
      expect((await patch(store, id, { name: "X" })).status).toBe(404);
      expect((await remove(store, id)).status).toBe(404);
    }
  });
});

describe("name 1..100; code 1..32 of [A-Za-z0-9_-]; unknown fields are refused (422)", () => {
  it.each([
    [{ name: "", code: "a" }, "name"],
    [{ name: "   ", code: "a" }, "name"],
    [{ name: "x".repeat(101), code: "a" }, "name"],
    [{ name: "Line\nbreak", code: "a" }, "name"],
    [{ code: "a" }, "name"],
    [{ name: "A", code: "" }, "code"],
    [{ name: "A", code: "x".repeat(33) }, "code"],
    [{ name: "A", code: "has space" }, "code"],
    [{ name: "A", code: "café" }, "code"],
    [{ name: "A", code: "a.b" }, "code"],
    [{ name: "A" }, "code"],
    [{ name: "A", code: "a", active: "yes" }, "active"],
    [{ name: "A", code: "a", colour: "red" }, ""],
  ])("%j → 422 at %s", async (body, path) => {
    const store = await inventoryStore();
    const res = await post(store, body);
    expect(res.status, res.text).toBe(422);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect((await list(store)).pagination.total).toBe(1);
  });

  it("accepts the bounds: a 100-character name, a 32-character code", async () => {
    const store = await inventoryStore();
    const res = await post(store, { name: "N".repeat(100), code: "C".repeat(32) });
    expect(res.status, res.text).toBe(201);
  });
});

describe("code is unique per store, case-insensitively (409)", () => {
  it("on create and on rename; another store may use the same code", async () => {
    const store = await inventoryStore();
    const dup = await post(store, { name: "X", code: "DEFAULT" });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("conflict");
    expect(dup.body.detail).toMatch(/DEFAULT/);
    const shop = await createLocation(store, { code: "shop" });
    const clash = await patch(store, shop.id, { code: "Default" });
    expect(clash.status).toBe(409);
    expect((await patch(store, shop.id, { code: "SHOP" })).body.code).toBe("SHOP");
    const other = await onSameDatabase(store.id, newStore);
    const otherStore = { ...store, id: other.id, token: other.owner.jwt, at: (s: string) => `/stores/${other.id}${s}` } as InventoryStore;
    expect((await post(otherStore, { name: "Shop", code: "shop" })).status).toBe(201);
  });
});

describe("at most 50 locations per store, the default included (422 limit_exceeded)", () => {
  it("the 51st is refused; limit=100 lists all 50 by position, the default list page holds 20", async () => {
    const store = await inventoryStore();
    for (let i = 1; i < 50; i++) await createLocation(store, { code: `l${i}` });
    const over = await post(store, { name: "One too many", code: "l50" });
    expect(over.status).toBe(422);
    expect(over.body.code).toBe("limit_exceeded");
    const all = await list(store);
    expect(all.pagination).toEqual({ limit: 100, offset: 0, total: 50 });
    expect(all.data.map((l: { position: number }) => l.position)).toEqual([...Array(50).keys()]);
    const page = await list(store, "?offset=40");
    expect(page.pagination).toEqual({ limit: 20, offset: 40, total: 50 });
    expect(page.data).toHaveLength(10);
    expect(page.data[0].position).toBe(40);
    // After a deletion there is room again.
    expect((await remove(store, all.data[49].id)).status).toBe(204);
    expect((await post(store, { name: "Again", code: "again" })).status).toBe(201);
  });

  it("the list is paged as section 1 says: limit 1..100, offset; anything else 422", async () => {
    const store = await inventoryStore();
    for (const query of ["?limit=0", "?limit=101", "?offset=-1", "?limit=x"]) {
      expect((await call("GET", loc(store, query), { token: store.token })).status, query).toBe(422);
    }
  });
});

describe("position counts from 0 in list order; PATCHing it moves the location there and shifts the others", () => {
  it("moves up, down and beyond the end (last), keeping positions 0..n-1", async () => {
    const store = await inventoryStore();
    const a = await createLocation(store, { code: "a" });
    await createLocation(store, { code: "b" });
    const c = await createLocation(store, { code: "c" });
    expect(await codesInOrder(store)).toEqual(["0:default", "1:a", "2:b", "3:c"]);
    const moved = await patch(store, c.id, { position: 0 });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.position).toBe(0);
    expect(await codesInOrder(store)).toEqual(["0:c", "1:default", "2:a", "3:b"]);
    await patch(store, c.id, { position: 2 });
    expect(await codesInOrder(store)).toEqual(["0:default", "1:a", "2:c", "3:b"]);
    const last = await patch(store, a.id, { position: 49 });
    expect(last.body.position).toBe(3);
    expect(await codesInOrder(store)).toEqual(["0:default", "1:c", "2:b", "3:a"]);
    // Deleting closes the gap.
    expect((await remove(store, c.id)).status).toBe(204);
    expect(await codesInOrder(store)).toEqual(["0:default", "1:b", "2:a"]);
    for (const position of [-1, 50, 1.5]) expect((await patch(store, a.id, { position })).status, String(position)).toBe(422);
  });
});

describe("every store has exactly one default location; PATCH {is_default: true} moves the flag", () => {
  it("moves it: the old default is no longer it, and only then may it be deactivated or deleted", async () => {
    const store = await inventoryStore();
    const shop = await createLocation(store, { code: "shop" });
    const res = await patch(store, shop.id, { is_default: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body.is_default).toBe(true);
    const defaults = (await list(store)).data.filter((l: { is_default: boolean }) => l.is_default);
    expect(defaults.map((l: { id: string }) => l.id)).toEqual([shop.id]);
    expect((await patch(store, store.defaultLocation.id, { active: false })).body.active).toBe(false);
    expect((await remove(store, store.defaultLocation.id)).status).toBe(204);
    expect(await auditRows(store.id, "location.update")).toHaveLength(2);
  });

  it("the default cannot be made inactive, nor stop being the default by itself (409); an inactive location becomes it only made active too", async () => {
    const store = await inventoryStore();
    const off = await patch(store, store.defaultLocation.id, { active: false });
    expect(off.status).toBe(409);
    expect(off.body.code).toBe("conflict");
    expect(off.body.detail).toMatch(/default location cannot be made inactive/);
    expect((await patch(store, store.defaultLocation.id, { is_default: false })).status).toBe(409);
    // Sending the current values back changes nothing.
    expect((await patch(store, store.defaultLocation.id, { is_default: true, active: true })).status).toBe(200);
    const shop = await createLocation(store, { code: "shop", active: false });
    expect((await patch(store, shop.id, { is_default: false })).status).toBe(200);
    const refused = await patch(store, shop.id, { is_default: true });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/inactive location cannot be the default/);
    expect((await patch(store, shop.id, { is_default: true, active: false })).status).toBe(409);
    const both = await patch(store, shop.id, { is_default: true, active: true });
    expect(both.status, both.text).toBe(200);
    expect(both.body).toMatchObject({ is_default: true, active: true });
    expect((await call("GET", loc(store, `/${store.defaultLocation.id}`), { token: store.token })).body.is_default).toBe(false);
  });

  it("concurrent moves of the flag leave exactly one default", async () => {
    const store = await inventoryStore();
    const places = await Promise.all(["p1", "p2", "p3"].map((code) => createLocation(store, { code })));
    const answers = await Promise.all(places.map((p) => patch(store, p.id, { is_default: true })));
    for (const a of answers) expect(a.status, a.text).toBe(200);
    expect((await list(store)).data.filter((l: { is_default: boolean }) => l.is_default)).toHaveLength(1);
  });
});

describe("an inactive location's stock counts for nothing; it can still be adjusted", () => {
  it("deactivating removes its available from stock (products.updated for those products), activating restores it", async () => {
    const store = await inventoryStore();
    const { product, variants } = await productWithVariants(store, [4]);
    const [v] = variants;
    const { product: untouched } = await productWithVariants(store, [1]);
    const shop = await createLocation(store, { code: "shop" });
    await adjusted(store, { reason: "received", changes: [{ variant_id: v.id, location_id: shop.id, delta: 6 }] });
    expect(await stockOf(store, product.id, v.id)).toBe(10);
    const before = (await eventsNamed(store.id, "products.updated")).length;
    const off = await patch(store, shop.id, { active: false });
    expect(off.status, off.text).toBe(200);
    expect(await stockOf(store, product.id, v.id)).toBe(4);
    const updates = (await eventsNamed(store.id, "products.updated")).slice(before);
    expect(updates.map((p: { id: string }) => p.id)).toEqual([product.id]);
    expect(updates[0].variants[0].stock).toBe(4);
    expect(updates.map((p: { id: string }) => p.id)).not.toContain(untouched.id);
    // Still adjustable while inactive; the stock does not move.
    await adjusted(store, { reason: "correction", changes: [{ variant_id: v.id, location_code: "shop", delta: -1 }] });
    expect(await levelOf(store, v.id, shop.id)).toMatchObject({ on_hand: 5 });
    expect(await stockOf(store, product.id, v.id)).toBe(4);
    await patch(store, shop.id, { active: true });
    expect(await stockOf(store, product.id, v.id)).toBe(9);
  });

  it("products.updated on (de)activation reaches a subscription as a delivery", async () => {
    const store = await inventoryStore();
    const { variants } = await productWithVariants(store, [0]);
    const shop = await createLocation(store, { code: "shop" });
    await adjusted(store, { reason: "received", changes: [{ variant_id: variants[0].id, location_id: shop.id, delta: 2 }] });
    const hook = await call("POST", store.at("/webhooks"), {
      token: store.token,
      body: { url: "http://127.0.0.1:9/products", events: ["products.updated"], secret: "a-secret-of-enough-length-0123456789" },
    });
    expect(hook.status, hook.text).toBe(201);
    await patch(store, shop.id, { active: false });
    const deliveries = await call("GET", store.at(`/webhooks/${hook.body.data[0].id}/deliveries`), { token: store.token });
    expect(deliveries.body.data).toHaveLength(1);
  });
});

describe("DELETE: 204; 409 for the default location or one holding any on_hand or committed", () => {
  it("refuses the default and a location holding stock, with words saying so; an emptied one is deleted with its levels", async () => {
    const store = await inventoryStore();
    const { variants } = await productWithVariants(store, [0]);
    const [v] = variants;
    const def = await remove(store, store.defaultLocation.id);
    expect(def.status).toBe(409);
    expect(def.body.detail).toMatch(/default location cannot be deleted/);
    const shop = await createLocation(store, { code: "shop" });
    await adjusted(store, { reason: "received", changes: [{ variant_id: v.id, location_id: shop.id, delta: 3 }] });
    const held = await remove(store, shop.id);
    expect(held.status).toBe(409);
    expect(held.body.detail).toMatch(/holds stock \(3 on hand, 0 committed\)/);
    await adjusted(store, { reason: "correction", changes: [{ variant_id: v.id, location_id: shop.id, on_hand: 0 }] });
    expect(await levelOf(store, v.id, shop.id)).toMatchObject({ on_hand: 0, committed: 0 });
    expect((await remove(store, shop.id)).status).toBe(204);
    expect(await levelOf(store, v.id, shop.id)).toBeUndefined();
    expect((await call("GET", loc(store, `/${shop.id}`), { token: store.token })).status).toBe(404);
    // Its ledger entries stay, with the code it had.
    const entries = (await call("GET", store.at(`/inventory/ledger?location_id=${shop.id}`), { token: store.token })).body.data;
    expect(entries.map((e: { location_code: string }) => e.location_code)).toEqual(["shop", "shop"]);
    expect(await auditRows(store.id, "location.delete")).toHaveLength(1);
  });
});

describe("permissions: reading needs inventory.read, changing needs store.manage", () => {
  it("a member with inventory.read and inventory.write reads but cannot change locations", async () => {
    const store = await inventoryStore();
    const member = await addMember(store, ["inventory.read", "inventory.write"]);
    expect((await call("GET", loc(store), { token: member.jwt })).status).toBe(200);
    expect((await call("GET", loc(store, `/${store.defaultLocation.id}`), { token: member.jwt })).status).toBe(200);
    for (const res of [
      await call("POST", loc(store), { token: member.jwt, body: { name: "X", code: "x" } }),
      await call("PATCH", loc(store, `/${store.defaultLocation.id}`), { token: member.jwt, body: { name: "X" } }),
      await call("DELETE", loc(store, `/${store.defaultLocation.id}`), { token: member.jwt }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.missing_permission).toBe("store.manage");
    }
    const outsider = await addMember(store, ["products.read"]);
    const denied = await call("GET", loc(store), { token: outsider.jwt });
    expect(denied.status).toBe(403);
    expect(denied.body.missing_permission).toBe("inventory.read");
  });
});
