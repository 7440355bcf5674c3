// Updating products (docs/api/06-products.md): PATCH, publish/unpublish, highlight video, ETag and If-Match.
import { describe, expect, it, vi } from "vitest";
import { call, newToken } from "../helpers/api";
import { catalogStore, catalogStoreIds, getProduct, makeProduct, makeVariant } from "./fixtures";
import { itSpreadsStoresOverDatabases, storeFirst, writeBeforeStoreBatches } from "./store-databases";

/**
 * Another writer retitles the product on the store's database just before the request's batch is sent there (after
 * its If-Match check).
 */
const retitleBeforeNextBatch = (storeId: string, productId: string, title: string) =>
  writeBeforeStoreBatches(storeId, "UPDATE products SET title = ?, updated_at = ? WHERE id = ?", title, new Date().toISOString(), productId);

const productEventCount = async (storeId: string) =>
  (await storeFirst<{ n: number }>(storeId, "SELECT count(*) AS n FROM events WHERE store_id = ? AND name LIKE 'products.%'", storeId))!.n;

describe("PATCH is partial: fields not sent stay unchanged", () => {
  it("changes only what was sent, and null clears an optional field", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store, { title: "Old", description: "Desc", brand: "Acme", seo_title: "SEO" });
    const res = await call("PATCH", store.path(`/${p.id}`), { token: store.token, body: { title: "New", brand: null } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "New", brand: null, description: "Desc", seo_title: "SEO", slug: p.slug });
    expect(res.body.updated_at >= p.updated_at).toBe(true);
    expect((await getProduct(store, p.id)).body).toEqual(res.body);
  });

  it("changes the slug explicitly; a taken slug is 409, an invalid one 422", async () => {
    const store = await catalogStore();
    const a = await makeProduct(store, { title: "A" });
    await makeProduct(store, { title: "B" });
    expect((await call("PATCH", store.path(`/${a.id}`), { token: store.token, body: { slug: "b" } })).status).toBe(409);
    expect((await call("PATCH", store.path(`/${a.id}`), { token: store.token, body: { slug: "Not Valid" } })).status).toBe(422);
    expect((await call("PATCH", store.path(`/${a.id}`), { token: store.token, body: { slug: "a-new" } })).body.slug).toBe("a-new");
  });

  it("rejects unknown fields, default_price_cents and bad values with 422", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store);
    for (const body of [
      { color: "red" },
      { default_price_cents: 5 },
      { title: "" },
      { title: null },
      { status: "archived" },
      { seo_description: "x".repeat(1001) },
    ]) {
      const res = await call("PATCH", store.path(`/${p.id}`), { token: store.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
  });
});

describe("product_type cannot change after creation", () => {
  it("422 for a different product_type; restating the same one is fine", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store);
    const res = await call("PATCH", store.path(`/${p.id}`), { token: store.token, body: { product_type: "variable" } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].path).toBe("product_type");
    expect((await getProduct(store, p.id)).body.product_type).toBe("single");
    expect((await call("PATCH", store.path(`/${p.id}`), { token: store.token, body: { product_type: "single" } })).status).toBe(200);
  });
});

describe("a status change through PATCH also needs products.publish", () => {
  it("403 naming products.publish for an editor; allowed with the bit; other fields need only products.edit", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store);
    const editor = await newToken(store.id, store.owner.jwt, ["products.read", "products.edit"]);
    const denied = await call("PATCH", store.path(`/${p.id}`), { token: editor.token, body: { status: "live" } });
    expect(denied.status).toBe(403);
    expect(denied.body.missing_permission).toBe("products.publish");
    expect((await getProduct(store, p.id)).body.status).toBe("draft");
    expect((await call("PATCH", store.path(`/${p.id}`), { token: editor.token, body: { title: "Edited" } })).status).toBe(200);
    // Restating the current status is not a change.
    expect((await call("PATCH", store.path(`/${p.id}`), { token: editor.token, body: { status: "draft" } })).status).toBe(200);
    const live = await call("PATCH", store.path(`/${p.id}`), { token: store.token, body: { status: "live" } });
    expect(live.body).toMatchObject({ status: "live" });
    expect(live.body.published_at).not.toBeNull();
  });
});

describe("publish and unpublish", () => {
  it("publish sets published_at, publishing again changes nothing, unpublish clears it", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store);
    const published = await call("POST", store.path(`/${p.id}/publish`), { token: store.token });
    expect(published.status).toBe(200);
    expect(published.body.status).toBe("live");
    expect(published.body.published_at).toMatch(/Z$/);
    const again = await call("POST", store.path(`/${p.id}/publish`), { token: store.token });
    expect(again.body).toEqual(published.body);
    const draft = await call("POST", store.path(`/${p.id}/unpublish`), { token: store.token });
    expect(draft.body).toMatchObject({ status: "draft", published_at: null });
    expect((await call("POST", store.path(`/${p.id}/unpublish`), { token: store.token })).body.status).toBe("draft");
  });

  it("publishing a variable product without variants is 409; with a variant it works", async () => {
    const store = await catalogStore();
    const v = await makeProduct(store, { product_type: "variable", default_price_cents: undefined });
    const res = await call("POST", store.path(`/${v.id}/publish`), { token: store.token });
    expect(res.status).toBe(409);
    expect((await call("PATCH", store.path(`/${v.id}`), { token: store.token, body: { status: "live" } })).status).toBe(409);
    await makeVariant(store, v.id);
    expect((await call("POST", store.path(`/${v.id}/publish`), { token: store.token })).body.status).toBe("live");
  });
});

describe("highlight video provider detection", () => {
  const table: Array<[string, string]> = [
    ["https://www.youtube.com/watch?v=abc", "youtube"],
    ["https://youtube.com/watch?v=abc", "youtube"],
    ["https://m.youtube.com/watch?v=abc", "youtube"],
    ["https://youtu.be/abc", "youtube"],
    ["https://www.youtube-nocookie.com/embed/abc", "youtube"],
    ["https://vimeo.com/12345", "vimeo"],
    ["https://player.vimeo.com/video/12345", "vimeo"],
    ["http://api.test/media/0192f0a0-0000-7000-8000-000000000000/0192f0a0-0000-7000-8000-000000000001/original", "upload"],
    ["https://cdn.example.com/clip.mp4", "external"],
    ["https://notyoutube.com/watch?v=abc", "external"],
    ["https://youtube.com.evil.test/x", "external"],
    ["https://other.test/media/0192f0a0-0000-7000-8000-000000000000/0192f0a0-0000-7000-8000-000000000001/original", "external"],
  ];
  it.each(table)("%s → %s", async (url, provider) => {
    const store = await catalogStore();
    const p = await makeProduct(store);
    const res = await call("PATCH", store.path(`/${p.id}`), { token: store.token, body: { highlight_video_url: url } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ highlight_video_url: url, highlight_video_provider: provider });
  });

  it("an explicit provider overrides detection; null clears all three; only http(s)", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store);
    const path = store.path(`/${p.id}`);
    const set = await call("PATCH", path, {
      token: store.token,
      body: { highlight_video_url: "https://youtu.be/x", highlight_video_poster_url: "https://img.test/p.jpg", highlight_video_provider: "external" },
    });
    expect(set.body).toMatchObject({ highlight_video_provider: "external", highlight_video_poster_url: "https://img.test/p.jpg" });
    // Changing only the provider keeps the URL; a provider of null means "detect again".
    expect((await call("PATCH", path, { token: store.token, body: { highlight_video_provider: "vimeo" } })).body.highlight_video_provider).toBe("vimeo");
    expect((await call("PATCH", path, { token: store.token, body: { highlight_video_provider: null } })).body.highlight_video_provider).toBe("youtube");
    const cleared = await call("PATCH", path, { token: store.token, body: { highlight_video_url: null } });
    expect(cleared.body).toMatchObject({ highlight_video_url: null, highlight_video_poster_url: null, highlight_video_provider: null });
    for (const body of [
      { highlight_video_url: "javascript:alert(1)" },
      { highlight_video_url: "ftp://x.test/v" },
      { highlight_video_url: "not a url" },
      { highlight_video_provider: "dailymotion" },
      { highlight_video_provider: "youtube" },
      { highlight_video_poster_url: "https://img.test/p.jpg" },
      { highlight_video_url: null, highlight_video_provider: "youtube" },
    ]) {
      expect((await call("PATCH", path, { token: store.token, body })).status, JSON.stringify(body)).toBe(422);
    }
  });
});

describe("ETag on GET product and If-Match on PATCH", () => {
  it("the ETag changes when the product or any child changes", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store, { product_type: "variable", default_price_cents: undefined });
    const etag = async () => (await getProduct(store, p.id)).headers.get("ETag");
    const e1 = await etag();
    expect(e1).toMatch(/^"[0-9a-f]+"$/);
    expect(await etag()).toBe(e1);
    const v = await makeVariant(store, p.id, { stock: 1 });
    const e2 = await etag();
    expect(e2).not.toBe(e1);
    await call("PATCH", store.path(`/${p.id}/variants/${v.id}`), { token: store.token, body: { stock: 2 } });
    const e3 = await etag();
    expect(e3).not.toBe(e2);
    await call("PUT", store.path(`/${p.id}/specs`), { token: store.token, body: { specs: [{ key: "Material", value: "Wool" }] } });
    const e4 = await etag();
    expect(e4).not.toBe(e3);
    await call("POST", store.path(`/${p.id}/reviews`), { token: store.token, body: { author_name: "Ann", rating: 5 } });
    expect(await etag()).not.toBe(e4);
  });

  it("a stale If-Match is 412 and changes nothing; the current one (or none) succeeds", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store, { title: "Before" });
    const stale = (await getProduct(store, p.id)).headers.get("ETag")!;
    const first = await call("PATCH", store.path(`/${p.id}`), { token: store.token, body: { title: "First" }, headers: { "If-Match": stale } });
    expect(first.status).toBe(200);
    expect(first.headers.get("ETag")).not.toBe(stale);
    const lost = await call("PATCH", store.path(`/${p.id}`), { token: store.token, body: { title: "Lost" }, headers: { "If-Match": stale } });
    expect(lost.status).toBe(412);
    expect(lost.body.code).toBe("precondition_failed");
    expect((await getProduct(store, p.id)).body.title).toBe("First");
    const current = first.headers.get("ETag")!;
    expect((await call("PATCH", store.path(`/${p.id}`), { token: store.token, body: { title: "Second" }, headers: { "If-Match": current } })).status).toBe(200);
    expect((await call("PATCH", store.path(`/${p.id}`), { token: store.token, body: { title: "Third" } })).status).toBe(200);
    expect((await call("PATCH", store.path(`/${p.id}`), { token: store.token, body: { title: "Any" }, headers: { "If-Match": "*" } })).status).toBe(200);
  });

  it("a change committed between the If-Match check and the write still makes it 412, and nothing is written", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store, { title: "Before" });
    const etag = (await getProduct(store, p.id)).headers.get("ETag")!;
    const eventsBefore = await productEventCount(store.id);
    await retitleBeforeNextBatch(store.id, p.id, "Concurrent");
    const res = await call("PATCH", store.path(`/${p.id}`), { token: store.token, body: { title: "Mine" }, headers: { "If-Match": etag } });
    vi.restoreAllMocks();
    expect(res.status).toBe(412);
    expect(res.body.code).toBe("precondition_failed");
    expect((await getProduct(store, p.id)).body.title).toBe("Concurrent");
    expect(await productEventCount(store.id)).toBe(eventsBefore);
    // Without If-Match (or with "*") the last write wins, as before.
    await retitleBeforeNextBatch(store.id, p.id, "Concurrent again");
    const wins = await call("PATCH", store.path(`/${p.id}`), { token: store.token, body: { title: "Mine" }, headers: { "If-Match": "*" } });
    vi.restoreAllMocks();
    expect(wins.status).toBe(200);
    expect((await getProduct(store, p.id)).body.title).toBe("Mine");
  });

  it("If-None-Match with the current ETag answers 304", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store);
    const etag = (await getProduct(store, p.id)).headers.get("ETag")!;
    const res = await call("GET", store.path(`/${p.id}`), { token: store.token, headers: { "If-None-Match": etag } });
    expect(res.status).toBe(304);
    expect(res.text).toBe("");
  });
});

itSpreadsStoresOverDatabases(() => catalogStoreIds);
