// Collections (docs/catalog.md "Collections"): manual (ordered members) and automatic (rules at read time).
import { describe, expect, it } from "vitest";
import { addMember as addStoreMember, call } from "../helpers/api";
import { type CatalogStore, catalogStore, makeProduct, storeEvents } from "../products/fixtures";

const cpath = (store: CatalogStore, suffix = "") => `/stores/${store.id}/collections${suffix}`;
const create = (store: CatalogStore, body: Record<string, unknown>) => call("POST", cpath(store), { token: store.token, body });
const titles = (res: { body: { data: Array<{ title: string }> } }) => res.body.data.map((p) => p.title);
const members = (store: CatalogStore, id: string, query = "") => call("GET", cpath(store, `/${id}/products${query}`), { token: store.token });

describe("a collection is {id, title, slug, description, kind, rules, product_count, fields, created_at, updated_at}; slug unique per store (409)", () => {
  it("creates, reads, lists, changes and deletes, with events collections.created/updated/deleted", async () => {
    const store = await catalogStore();
    const res = await create(store, { title: "Summer Sale", kind: "manual", description: "Hot" });
    expect(res.status).toBe(201);
    expect(res.headers.get("Location")).toBe(cpath(store, `/${res.body.id}`));
    expect(res.body).toMatchObject({ title: "Summer Sale", slug: "summer-sale", description: "Hot", kind: "manual", rules: null, product_count: 0 });
    expect(Object.keys(res.body).sort()).toEqual([
      "created_at",
      "description",
      "fields",
      "id",
      "kind",
      "product_count",
      "rules",
      "slug",
      "title",
      "updated_at",
    ]);
    // A derived slug that is taken gets a suffix; an explicit one is a 409.
    expect((await create(store, { title: "Summer sale", kind: "manual" })).body.slug).toBe("summer-sale-2");
    const dup = await create(store, { title: "X", slug: "summer-sale", kind: "manual" });
    expect(dup.status).toBe(409);
    const got = await call("GET", cpath(store, `/${res.body.id}`), { token: store.token });
    expect(got.body).toEqual(res.body);
    const list = await call("GET", cpath(store), { token: store.token });
    expect(list.body.pagination).toEqual({ limit: 20, offset: 0, total: 2 });
    const patched = await call("PATCH", cpath(store, `/${res.body.id}`), { token: store.token, body: { title: "Winter", slug: "winter" } });
    expect(patched.body).toMatchObject({ title: "Winter", slug: "winter" });
    const clash = await call("PATCH", cpath(store, `/${res.body.id}`), { token: store.token, body: { slug: "summer-sale-2" } });
    expect(clash.status).toBe(409);
    expect((await call("DELETE", cpath(store, `/${res.body.id}`), { token: store.token })).status).toBe(204);
    expect((await call("GET", cpath(store, `/${res.body.id}`), { token: store.token })).status).toBe(404);
    const names = (await storeEvents(store.id)).map((e) => e.name).filter((n) => n.startsWith("collections."));
    expect(names).toEqual(["collections.created", "collections.created", "collections.updated", "collections.deleted"]);
  });

  it("reading needs products.read, changing needs products.edit", async () => {
    const store = await catalogStore();
    const reader = await addStoreMember(store, ["products.read"]);
    const made = await create(store, { title: "A", kind: "manual" });
    expect((await call("GET", cpath(store), { token: reader.jwt })).status).toBe(200);
    expect((await call("GET", cpath(store, `/${made.body.id}/products`), { token: reader.jwt })).status).toBe(200);
    const denied = await call("POST", cpath(store), { token: reader.jwt, body: { title: "B", kind: "manual" } });
    expect(denied.status).toBe(403);
    expect(denied.body.missing_permission).toBe("products.edit");
  });

  it.each([
    [{ title: "A", kind: "automatic" }, "rules"],
    [{ title: "A", kind: "manual", rules: { match: "all", conditions: [{ field: "tag", op: "equals", value: "x" }] } }, "rules"],
    [{ title: "A", kind: "automatic", rules: { match: "all", conditions: [] } }, "rules.conditions"],
    [{ title: "A", kind: "automatic", rules: { match: "all", conditions: [{ field: "color", op: "equals", value: "x" }] } }, "rules.conditions.0.field"],
    [{ title: "A", kind: "automatic", rules: { match: "all", conditions: [{ field: "stock", op: "contains", value: 1 }] } }, "rules.conditions.0.op"],
    [
      { title: "A", kind: "automatic", rules: { match: "all", conditions: [{ field: "price_cents", op: "less_than", value: "cheap" }] } },
      "rules.conditions.0.value",
    ],
    [{ title: "A", kind: "smart" }, "kind"],
  ])("%j → 422 at %s", async (body, path) => {
    const store = await catalogStore();
    const res = await create(store, body);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });
});

describe("a manual collection's members and their order", () => {
  it("PUT sets members and order; POST adds at a position; DELETE removes; the list follows position order", async () => {
    const store = await catalogStore();
    const ps = [];
    for (const t of ["A", "B", "C", "D"]) ps.push(await makeProduct(store, { title: t, status: "live" }));
    const col = (await create(store, { title: "Picks", kind: "manual" })).body;
    const put = await call("PUT", cpath(store, `/${col.id}/products`), { token: store.token, body: { product_ids: [ps[2].id, ps[0].id] } });
    expect(put.status).toBe(200);
    expect(put.body.product_count).toBe(2);
    expect(titles(await members(store, col.id))).toEqual(["C", "A"]);
    const add = await call("POST", cpath(store, `/${col.id}/products`), { token: store.token, body: { product_id: ps[1].id, position: 1 } });
    expect(add.status).toBe(200);
    expect(titles(await members(store, col.id))).toEqual(["C", "B", "A"]);
    await call("POST", cpath(store, `/${col.id}/products`), { token: store.token, body: { product_id: ps[3].id } });
    expect(titles(await members(store, col.id))).toEqual(["C", "B", "A", "D"]);
    const again = await call("POST", cpath(store, `/${col.id}/products`), { token: store.token, body: { product_id: ps[3].id } });
    expect(again.status).toBe(409);
    expect((await call("DELETE", cpath(store, `/${col.id}/products/${ps[1].id}`), { token: store.token })).status).toBe(204);
    expect((await call("DELETE", cpath(store, `/${col.id}/products/${ps[1].id}`), { token: store.token })).status).toBe(404);
    expect(titles(await members(store, col.id))).toEqual(["C", "A", "D"]);
    // Positions stay dense: adding at 1 lands second.
    await call("POST", cpath(store, `/${col.id}/products`), { token: store.token, body: { product_id: ps[1].id, position: 1 } });
    expect(titles(await members(store, col.id))).toEqual(["C", "B", "A", "D"]);
    // Walked with cursors, one at a time.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await members(store, col.id, `?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      seen.push(...titles(res));
      cursor = res.body.pagination.next_cursor;
    } while (cursor);
    expect(seen).toEqual(["C", "B", "A", "D"]);
  });

  it("every id must be a product of the store: 422 naming the index; duplicates too", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store, { title: "A" });
    const foreign = await makeProduct(await catalogStore(), { title: "F" });
    const col = (await create(store, { title: "Picks", kind: "manual" })).body;
    const res = await call("PUT", cpath(store, `/${col.id}/products`), { token: store.token, body: { product_ids: [p.id, foreign.id, "nope"] } });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(["product_ids.1", "product_ids.2"]);
    const dup = await call("PUT", cpath(store, `/${col.id}/products`), { token: store.token, body: { product_ids: [p.id, p.id] } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors[0].path).toBe("product_ids.1");
    const tooMany = await call("PUT", cpath(store, `/${col.id}/products`), {
      token: store.token,
      body: { product_ids: Array.from({ length: 5001 }, () => p.id) },
    });
    expect(tooMany.status).toBe(422);
  });

  it("drafts are listed only with include_drafts; deleting a product removes it and closes the gap", async () => {
    const store = await catalogStore();
    const live1 = await makeProduct(store, { title: "L1", status: "live" });
    const draft = await makeProduct(store, { title: "D" });
    const live2 = await makeProduct(store, { title: "L2", status: "live" });
    const col = (await create(store, { title: "Picks", kind: "manual" })).body;
    await call("PUT", cpath(store, `/${col.id}/products`), { token: store.token, body: { product_ids: [live1.id, draft.id, live2.id] } });
    expect(titles(await members(store, col.id))).toEqual(["L1", "L2"]);
    expect(titles(await members(store, col.id, "?include_drafts=true"))).toEqual(["L1", "D", "L2"]);
    await call("DELETE", store.path(`/${live1.id}`), { token: store.token });
    expect(titles(await members(store, col.id, "?include_drafts=true"))).toEqual(["D", "L2"]);
    expect((await call("GET", cpath(store, `/${col.id}`), { token: store.token })).body.product_count).toBe(2);
    expect((await call("POST", cpath(store, `/${col.id}/products`), { token: store.token, body: { product_id: live1.id } })).status).toBe(422);
    const first = await makeProduct(store, { title: "F", status: "live" });
    await call("POST", cpath(store, `/${col.id}/products`), { token: store.token, body: { product_id: first.id, position: 0 } });
    expect(titles(await members(store, col.id, "?include_drafts=true"))).toEqual(["F", "D", "L2"]);
    // The product list's collection filter finds the members too.
    expect(titles(await call("GET", store.path(`?collection_id=${col.id}&sort=title`), { token: store.token }))).toEqual(["F", "L2"]);
  });

  it("an automatic collection's members cannot be set (409), and sort does not apply to a manual one (422)", async () => {
    const store = await catalogStore();
    const auto = (await create(store, { title: "Auto", kind: "automatic", rules: { match: "all", conditions: [{ field: "tag", op: "equals", value: "x" }] } }))
      .body;
    expect((await call("PUT", cpath(store, `/${auto.id}/products`), { token: store.token, body: { product_ids: [] } })).status).toBe(409);
    const manual = (await create(store, { title: "Manual", kind: "manual" })).body;
    expect((await members(store, manual.id, "?sort=title")).status).toBe(422);
  });
});

describe("an automatic collection's members are the products matching its rules, computed at read time", () => {
  it("match all / any over tag, brand, product_type, title, price_cents and stock", async () => {
    const store = await catalogStore();
    await makeProduct(store, { title: "Red shoe", status: "live", tags: ["Sale", "Shoes"], brand: "Acme", default_price_cents: 3000 });
    await makeProduct(store, { title: "Blue shoe", status: "live", tags: ["Shoes"], brand: "Other", default_price_cents: 8000 });
    await makeProduct(store, { title: "Hat", status: "live", tags: ["Sale"], default_price_cents: 1000 });
    await makeProduct(store, { title: "Draft shoe", tags: ["Shoes"], default_price_cents: 500 });
    const auto = async (match: string, conditions: unknown[], query = "?sort=title") => {
      const col = (await create(store, { title: `C ${crypto.randomUUID()}`, kind: "automatic", rules: { match, conditions } })).body;
      return { titles: titles(await members(store, col.id, query)), count: col.product_count };
    };
    expect(
      await auto("all", [
        { field: "tag", op: "equals", value: "shoes" },
        { field: "tag", op: "equals", value: "SALE" },
      ]),
    ).toEqual({ titles: ["Red shoe"], count: 1 });
    expect(
      await auto("any", [
        { field: "brand", op: "equals", value: "acme" },
        { field: "price_cents", op: "less_than", value: 2000 },
      ]),
    ).toEqual({ titles: ["Hat", "Red shoe"], count: 3 });
    expect((await auto("all", [{ field: "title", op: "contains", value: "SHOE" }], "?sort=-price&include_drafts=true")).titles).toEqual([
      "Blue shoe",
      "Red shoe",
      "Draft shoe",
    ]);
    expect((await auto("all", [{ field: "brand", op: "not_equals", value: "acme" }])).titles).toEqual(["Blue shoe", "Hat"]);
    expect(
      (
        await auto("all", [
          { field: "price_cents", op: "greater_than", value: 2999 },
          { field: "stock", op: "equals", value: 0 },
        ])
      ).titles,
    ).toEqual(["Blue shoe", "Red shoe"]);
    expect(
      (
        await auto("all", [
          { field: "tag", op: "not_equals", value: "sale" },
          { field: "product_type", op: "equals", value: "single" },
        ])
      ).titles,
    ).toEqual(["Blue shoe"]);
    // Rules are read live: a product that starts matching is a member at once.
    const col = (
      await create(store, { title: "Hats", kind: "automatic", rules: { match: "all", conditions: [{ field: "title", op: "contains", value: "cap" }] } })
    ).body;
    expect(titles(await members(store, col.id))).toEqual([]);
    await makeProduct(store, { title: "Cap", status: "live" });
    expect(titles(await members(store, col.id))).toEqual(["Cap"]);
    expect((await call("GET", cpath(store, `/${col.id}`), { token: store.token })).body.product_count).toBe(1);
  });
});

describe("webhooks accept the collection events, which need products.read", () => {
  it("subscribes to collections.* and receives collections.created as a delivery", async () => {
    const store = await catalogStore();
    const hook = await call("POST", `/stores/${store.id}/webhooks`, {
      token: store.token,
      body: { url: "https://hooks.example.com/c", events: ["collections.created", "collections.updated", "collections.deleted"], secret: "s".repeat(32) },
    });
    expect(hook.status).toBe(201);
    const noRead = await addStoreMember(store, ["webhooks.write"]);
    const denied = await call("POST", `/stores/${store.id}/webhooks`, {
      token: noRead.jwt,
      body: { url: "https://hooks.example.com/d", events: ["collections.created"], secret: "s".repeat(32) },
    });
    expect(denied.status).toBe(403);
    expect(denied.body.missing_permission).toBe("products.read");
  });
});
