// Creating products (docs/api/06-products.md): the hidden default variant, variable products, slugs, validation.
import { describe, expect, it } from "vitest";
import { addMember, call, newToken } from "../helpers/api";
import { storeD1 } from "../helpers/databases";
import { catalogStore, catalogStoreIds, getProduct, makeProduct, storeEvents } from "./fixtures";
import { itSpreadsStoresOverDatabases, onSameDatabase } from "./store-databases";

describe("a single product gets a hidden Default variant in the same batch", () => {
  it("creates the Default variant priced default_price_cents, and 0 when omitted", async () => {
    const store = await catalogStore();
    const priced = await makeProduct(store, { default_price_cents: 2599 });
    expect(priced.variants).toHaveLength(1);
    expect(priced.variants[0]).toMatchObject({ title: "Default", is_default: true, price_cents: 2599, stock: 0, sku: null });
    const free = await makeProduct(store, { default_price_cents: undefined });
    expect(free.variants[0]).toMatchObject({ is_default: true, price_cents: 0 });
  });

  it("if the variant insert fails, the product does not exist either (one atomic batch)", async () => {
    const store = await catalogStore();
    // Fault injection: the store's database refuses this one default variant.
    const db = await storeD1(store.id);
    await db.exec("CREATE TRIGGER fail_variant_777 BEFORE INSERT ON product_variants WHEN NEW.price_cents = 777 BEGIN SELECT RAISE(ABORT, 'injected'); END");
    try {
      const res = await call("POST", store.path(), {
        token: store.token,
        body: { title: "Doomed", product_type: "single", default_price_cents: 777 },
      });
      expect(res.status).toBe(500);
      expect(res.text).not.toContain("injected");
    } finally {
      await db.exec("DROP TRIGGER fail_variant_777");
    }
    const list = await call("GET", store.path("?include_drafts=true"), { token: store.token });
    expect(list.body.pagination.total).toBe(0);
    expect(list.body.data).toEqual([]);
    expect(await storeEvents(store.id)).toEqual([]);
    // The slug was never taken.
    expect((await makeProduct(store, { title: "Doomed" })).slug).toBe("doomed");
  });
});

describe("a variable product takes no default_price_cents and gets variants separately", () => {
  it("rejects default_price_cents with 422 and starts with no variants", async () => {
    const store = await catalogStore();
    const bad = await call("POST", store.path(), {
      token: store.token,
      body: { title: "Hoodie", product_type: "variable", default_price_cents: 100 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toContainEqual(expect.objectContaining({ path: "default_price_cents" }));
    const ok = await makeProduct(store, { title: "Hoodie", product_type: "variable", default_price_cents: undefined });
    expect(ok).toMatchObject({ product_type: "variable", status: "draft", variants: [], images: [], specs: [] });
  });
});

describe("create responds 201 with the product as GET returns it", () => {
  it("has every documented field, a Location and an ETag", async () => {
    const store = await catalogStore();
    const res = await call("POST", store.path(), {
      token: store.token,
      body: { title: "Mug", product_type: "single", description: "Big\n\tmug", brand: "Acme", seo_title: "S", seo_description: "D" },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("Location")).toBe(`/stores/${store.id}/products/${res.body.id}`);
    const got = await getProduct(store, res.body.id);
    expect(got.body).toEqual(res.body);
    expect(res.headers.get("ETag")).toBe(got.headers.get("ETag"));
    expect(Object.keys(res.body).sort()).toEqual(
      [
        "brand",
        "created_at",
        "description",
        "external_id",
        "fields",
        "highlight_video_poster_url",
        "highlight_video_provider",
        "highlight_video_url",
        "id",
        "images",
        "product_type",
        "published_at",
        "rating_average",
        "review_count",
        "seo_description",
        "seo_title",
        "slug",
        "specs",
        "status",
        "store_id",
        "tags",
        "title",
        "updated_at",
        "variants",
      ].sort(),
    );
    expect(res.body).toMatchObject({ store_id: store.id, status: "draft", published_at: null, review_count: 0, rating_average: null });
    expect(res.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});

describe("slugs are derived from the title, unique per store, with -2/-3 suffixes", () => {
  it("derives, suffixes, and answers 409 for a taken explicit slug and 422 for an invalid one", async () => {
    const store = await catalogStore();
    expect((await makeProduct(store, { title: "Crème Brûlée & Co. T-Shirt!" })).slug).toBe("creme-brulee-co-t-shirt");
    expect((await makeProduct(store, { title: "Blue Shirt" })).slug).toBe("blue-shirt");
    expect((await makeProduct(store, { title: "blue   SHIRT" })).slug).toBe("blue-shirt-2");
    expect((await makeProduct(store, { title: "Blue shirt" })).slug).toBe("blue-shirt-3");
    expect((await makeProduct(store, { title: "日本語" })).slug).toBe("product");
    const taken = await call("POST", store.path(), { token: store.token, body: { title: "X", product_type: "single", slug: "blue-shirt" } });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("conflict");
    for (const slug of ["Blue-Shirt", "a--b", "-a", "a b", ""]) {
      const bad = await call("POST", store.path(), { token: store.token, body: { title: "X", product_type: "single", slug } });
      expect(bad.status, slug).toBe(422);
    }
    expect((await makeProduct(store, { title: "X", slug: "custom-1" })).slug).toBe("custom-1");
    // Another store may use the same slug.
    const other = await onSameDatabase(store.id, catalogStore);
    expect((await makeProduct(other, { title: "Blue Shirt" })).slug).toBe("blue-shirt");
  });
});

describe("concurrent creates with the same title still get distinct slugs", () => {
  it("four parallel creates → same-title, -2, -3, -4", async () => {
    const store = await catalogStore();
    const made = await Promise.all([1, 2, 3, 4].map(() => makeProduct(store, { title: "Same Title" })));
    expect(made.map((p) => p.slug).sort()).toEqual(["same-title", "same-title-2", "same-title-3", "same-title-4"]);
  });
});

describe("creating a live product also needs products.publish", () => {
  it("403 naming products.publish without it; 201 live with published_at with it", async () => {
    const store = await catalogStore();
    const writer = await newToken(store.id, store.owner.jwt, ["products.read", "products.write"]);
    const denied = await call("POST", store.path(), { token: writer.token, body: { title: "T", product_type: "single", status: "live" } });
    expect(denied.status).toBe(403);
    expect(denied.body.missing_permission).toBe("products.publish");
    const draft = await call("POST", store.path(), { token: writer.token, body: { title: "T", product_type: "single" } });
    expect(draft.status).toBe(201);
    const live = await makeProduct(store, { status: "live" });
    expect(live.status).toBe("live");
    expect(live.published_at).toBe(live.created_at);
  });

  it("a variable product cannot be created live: it has no variant yet (409)", async () => {
    const store = await catalogStore();
    const res = await call("POST", store.path(), { token: store.token, body: { title: "V", product_type: "variable", status: "live" } });
    expect(res.status).toBe(409);
  });

  it("a member session without products.publish gets 403 too", async () => {
    const store = await catalogStore();
    const member = await addMember(store, ["products.read", "products.write"]);
    const res = await call("POST", store.path(), { token: member.jwt, body: { title: "T", product_type: "single", status: "live" } });
    expect(res.status).toBe(403);
  });
});

describe("bad input on create is a clear 422, never a 500", () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["missing title", { product_type: "single" }, "title"],
    ["empty title", { title: "   ", product_type: "single" }, "title"],
    ["title too long", { title: "x".repeat(256), product_type: "single" }, "title"],
    ["missing product_type", { title: "T" }, "product_type"],
    ["unknown product_type", { title: "T", product_type: "bundle" }, "product_type"],
    ["negative price", { title: "T", product_type: "single", default_price_cents: -1 }, "default_price_cents"],
    ["fractional price", { title: "T", product_type: "single", default_price_cents: 1.5 }, "default_price_cents"],
    ["string price", { title: "T", product_type: "single", default_price_cents: "100" }, "default_price_cents"],
    ["huge price", { title: "T", product_type: "single", default_price_cents: 2 ** 60 }, "default_price_cents"],
    ["unknown field", { title: "T", product_type: "single", price: 1 }, ""],
    ["unknown status", { title: "T", product_type: "single", status: "archived" }, "status"],
    ["brand too long", { title: "T", product_type: "single", brand: "b".repeat(256) }, "brand"],
    ["non-http video", { title: "T", product_type: "single", highlight_video_url: "ftp://x.test/v.mp4" }, "highlight_video_url"],
    ["title not a string", { title: 5, product_type: "single" }, "title"],
    ["NUL in the title", { title: "a\u0000b", product_type: "single" }, "title"],
    ["control character in the description", { title: "T", product_type: "single", description: "a\u0007b" }, "description"],
  ];
  it.each(cases)("%s → 422", async (_what, body, path) => {
    const store = await catalogStore();
    const res = await call("POST", store.path(), { token: store.token, body });
    expect(res.status, res.text).toBe(422);
    expect(res.body.code).toBe("validation_failed");
    expect(res.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it("malformed JSON → 400 malformed_json", async () => {
    const store = await catalogStore();
    const res = await call("POST", store.path(), { token: store.token, body: "{not json", headers: { "Content-Type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("malformed_json");
  });
});

describe("the catalog is in the OpenAPI document", () => {
  it("documents every catalog path with its permission", async () => {
    const doc = (await call("GET", "/openapi.json")).body;
    const paths = Object.keys(doc.paths);
    for (const p of [
      "/stores/{store_id}/products",
      "/stores/{store_id}/products/{id}",
      "/stores/{store_id}/products/{id}/publish",
      "/stores/{store_id}/products/{id}/unpublish",
      "/stores/{store_id}/products/{id}/specs",
      "/stores/{store_id}/products/{id}/variants",
      "/stores/{store_id}/products/{id}/variants/{variant_id}",
      "/stores/{store_id}/products/{id}/reviews",
      "/stores/{store_id}/products/{id}/reviews/{review_id}",
    ]) {
      expect(paths).toContain(p);
    }
    expect(doc.paths["/stores/{store_id}/products/{id}/publish"].post["x-required-permission"]).toBe("products.publish");
  });
});

itSpreadsStoresOverDatabases(() => catalogStoreIds);
