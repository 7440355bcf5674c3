// The product gallery (docs/api/07-media.md and the specification's gallery item fields): uploads, library files
// and videos; dense positions; one primary; variant scope; cascades; bad input.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call } from "../helpers/api";
import { dimensionsOf, makePng, uploadForm } from "./images";
import { failStoreBatches, onSameDatabase, storeFirst, writeBeforeStoreBatches } from "../products/store-databases";
import { addVariant, addVideo, gallery, imagesPath, layout, smallPng, storeWithProduct, uploadImage } from "./gallery-helpers";

afterEach(() => vi.restoreAllMocks());

const objectsOf = async (storeId: string) => (await env.MEDIA.list({ prefix: `${storeId}/` })).objects.map((o) => o.key);

describe("Upload an image into the gallery (multipart)", () => {
  it("creates the library file and the gallery item, with sizes and srcset", async () => {
    const { store, productId } = await storeWithProduct();
    const res = await uploadImage(store, productId, { alt: "Front" });
    expect(res.status).toBe(201);
    const item = res.body;
    expect(res.headers.get("Location")).toBe(imagesPath(store, productId, `/${item.id}`));
    const base = `/media/${store.id}/${item.media_file_id}`;
    expect(item).toMatchObject({
      product_id: productId,
      media_type: "image",
      url: `${base}/original`,
      poster_url: null,
      provider: null,
      alt: "Front",
      position: 0,
      is_primary: true,
      product_variant_id: null,
    });
    // The PNG is 200 px wide: small, medium and large are served at 200 and srcset names each width once.
    expect(item.image_variants).toEqual([
      { size: "thumbnail", width: 150, url: `${base}/thumbnail` },
      { size: "small", width: 200, url: `${base}/small` },
      { size: "medium", width: 200, url: `${base}/medium` },
      { size: "large", width: 200, url: `${base}/large` },
    ]);
    expect(item.srcset).toBe(`${base}/thumbnail 150w, ${base}/small 200w`);
    const library = await call("GET", `/stores/${store.id}/media`, { token: store.token });
    expect(library.body.data.map((f: any) => f.id)).toEqual([item.media_file_id]);
    const served = await exportsFetch(item.image_variants[0].url);
    expect(dimensionsOf(served).width).toBe(150);
  });

  it("GET .../images and GET product return the same items in position order", async () => {
    const { store, productId } = await storeWithProduct();
    const a = (await uploadImage(store, productId)).body;
    const b = (await addVideo(store, productId)).body;
    const items = await gallery(store, productId);
    expect(items).toEqual([a, b]);
    expect((await call("GET", imagesPath(store, productId, `/${b.id}`), { token: store.token })).body).toEqual(b);
    const product = await call("GET", `/stores/${store.id}/products/${productId}`, { token: store.token });
    expect(product.body.images).toEqual(items);
  });

  it("srcset lists all four widths for an image wider than 1280 px", async () => {
    const { store, productId } = await storeWithProduct();
    const png = await makePng(1600, 100);
    const item = (await call("POST", imagesPath(store, productId), { token: store.token, body: uploadForm(png, "w.png", "image/png") })).body;
    const base = `/media/${store.id}/${item.media_file_id}`;
    expect(item.srcset).toBe(`${base}/thumbnail 150w, ${base}/small 320w, ${base}/medium 640w, ${base}/large 1280w`);
  });
});

async function exportsFetch(path: string) {
  const { exports } = await import("cloudflare:workers");
  return new Uint8Array(await (await exports.default.fetch(new Request(`http://api.test${path}`))).arrayBuffer());
}

describe("Associate an existing library file", () => {
  it("adds the file as a gallery item, alt defaulting to the file's", async () => {
    const { store, productId } = await storeWithProduct();
    const file = (
      await call("POST", `/stores/${store.id}/media`, { token: store.token, body: uploadForm(await smallPng(), "a.png", "image/png", { alt: "Library alt" }) })
    ).body;
    const res = await call("POST", imagesPath(store, productId, "/associate"), { token: store.token, body: { media_file_id: file.id } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ media_type: "image", media_file_id: file.id, alt: "Library alt", is_primary: true, position: 0 });
    expect(res.body.image_variants).toEqual(file.image_variants);
  });

  it("422 for an unknown media_file_id and for another store's file; nothing is added", async () => {
    const { store, productId } = await storeWithProduct();
    const other = await onSameDatabase(
      store.id,
      () => storeWithProduct(),
      (made) => made.store.id,
    );
    const theirs = (
      await call("POST", `/stores/${other.store.id}/media`, { token: other.store.token, body: uploadForm(await smallPng(), "a.png", "image/png") })
    ).body;
    for (const id of [theirs.id, "01a20000-0000-7000-8000-000000000000", "nope"]) {
      const res = await call("POST", imagesPath(store, productId, "/associate"), { token: store.token, body: { media_file_id: id } });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].path).toBe("media_file_id");
    }
    expect(await gallery(store, productId)).toEqual([]);
  });
});

describe("Add a video by URL", () => {
  it("detects the provider like highlight videos, keeps the poster, and has no image sizes", async () => {
    const { store, productId } = await storeWithProduct();
    const cases: Array<[string, string]> = [
      ["https://youtu.be/abc", "youtube"],
      ["https://m.youtube.com/watch?v=x", "youtube"],
      ["https://player.vimeo.com/video/1", "vimeo"],
      ["https://cdn.example.com/v.mp4", "external"],
      [`http://api.test/media/${store.id}/01a20000-0000-7000-8000-000000000000/original`, "upload"],
    ];
    for (const [url, provider] of cases) {
      const res = await addVideo(store, productId, { url, poster_url: "https://cdn.example.com/poster.jpg" });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        media_type: "video",
        url,
        provider,
        poster_url: "https://cdn.example.com/poster.jpg",
        media_file_id: null,
        image_variants: [],
        srcset: null,
      });
    }
    const explicit = await addVideo(store, productId, { url: "https://cdn.example.com/v.mp4", provider: "vimeo" });
    expect(explicit.body.provider).toBe("vimeo");
  });

  it("422 for a URL that is not absolute http(s)", async () => {
    const { store, productId } = await storeWithProduct();
    for (const url of ["javascript:alert(1)", "/relative.mp4", "ftp://x.test/v.mp4"]) {
      const res = await addVideo(store, productId, { url });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].path).toBe("url");
    }
  });
});

describe("Positions are dense from 0; inserting or moving shifts the others; deleting closes the gap", () => {
  it("inserts at a position, moves both ways, deletes, and clamps positions past the end", async () => {
    const { store, productId } = await storeWithProduct();
    const a = (await uploadImage(store, productId)).body.id;
    const b = (await addVideo(store, productId)).body.id;
    const c = (await uploadImage(store, productId)).body.id;
    const d = (await uploadImage(store, productId, { position: "1" })).body.id;
    expect((await layout(store, productId)).map((i) => i.id)).toEqual([a, d, b, c]);

    const moved = await call("PATCH", imagesPath(store, productId, `/${c}`), { token: store.token, body: { position: 0 } });
    expect(moved.status).toBe(200);
    expect(moved.body.position).toBe(0);
    expect((await layout(store, productId)).map((i) => i.id)).toEqual([c, a, d, b]);

    await call("PATCH", imagesPath(store, productId, `/${c}`), { token: store.token, body: { position: 2 } });
    expect((await layout(store, productId)).map((i) => i.id)).toEqual([a, d, c, b]);

    const removed = await call("DELETE", imagesPath(store, productId, `/${d}`), { token: store.token });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    expect((await layout(store, productId)).map((i) => i.id)).toEqual([a, c, b]);

    const far = await call("PATCH", imagesPath(store, productId, `/${a}`), { token: store.token, body: { position: 99 } });
    expect(far.body.position).toBe(2);
    const appended = await addVideo(store, productId, { position: 50 });
    expect(appended.body.position).toBe(3);
    expect((await layout(store, productId)).map((i) => i.id)).toEqual([c, b, a, appended.body.id]);
  });
});

describe("A non-empty gallery has exactly one primary item", () => {
  it("the first added is primary until another is set primary; removing it hands the flag on", async () => {
    const { store, productId } = await storeWithProduct();
    const a = (await uploadImage(store, productId)).body;
    expect(a.is_primary).toBe(true);
    const b = (await uploadImage(store, productId, { is_primary: "false" })).body;
    expect(b.is_primary).toBe(false);
    const c = (await uploadImage(store, productId, { is_primary: "true" })).body;
    expect(c.is_primary).toBe(true);
    expect(await layout(store, productId)).toEqual([
      { id: a.id, primary: false },
      { id: b.id, primary: false },
      { id: c.id, primary: true },
    ]);
    const patched = await call("PATCH", imagesPath(store, productId, `/${b.id}`), { token: store.token, body: { is_primary: true } });
    expect(patched.body.is_primary).toBe(true);
    expect((await layout(store, productId)).map((i) => i.primary)).toEqual([false, true, false]);

    await call("DELETE", imagesPath(store, productId, `/${b.id}`), { token: store.token });
    expect(await layout(store, productId)).toEqual([
      { id: a.id, primary: true },
      { id: c.id, primary: false },
    ]);
  });

  it("unsetting the primary hands it to the first other item; the only item cannot let go (409)", async () => {
    const { store, productId } = await storeWithProduct();
    const a = (await uploadImage(store, productId)).body;
    const alone = await call("PATCH", imagesPath(store, productId, `/${a.id}`), { token: store.token, body: { is_primary: false } });
    expect(alone.status).toBe(409);
    const b = (await addVideo(store, productId)).body;
    const res = await call("PATCH", imagesPath(store, productId, `/${a.id}`), { token: store.token, body: { is_primary: false } });
    expect(res.status).toBe(200);
    expect(res.body.is_primary).toBe(false);
    expect(await layout(store, productId)).toEqual([
      { id: a.id, primary: false },
      { id: b.id, primary: true },
    ]);
  });
});

describe("product_variant_id must be a variant of the same product (422)", () => {
  it("scopes an item to a variant, and rejects another product's variant everywhere", async () => {
    const { store, productId } = await storeWithProduct("variable");
    const red = await addVariant(store, productId, "Red");
    const otherProduct = (await call("POST", `/stores/${store.id}/products`, { token: store.token, body: { title: "Other", product_type: "variable" } })).body
      .id;
    const foreign = await addVariant(store, otherProduct, "Blue");

    const scoped = await uploadImage(store, productId, { product_variant_id: red });
    expect(scoped.status).toBe(201);
    expect(scoped.body.product_variant_id).toBe(red);
    const video = await addVideo(store, productId, { product_variant_id: red });
    expect(video.body.product_variant_id).toBe(red);

    const before = await objectsOf(store.id);
    const badUpload = await uploadImage(store, productId, { product_variant_id: foreign });
    expect(badUpload.status).toBe(422);
    expect(badUpload.body.errors[0].path).toBe("product_variant_id");
    expect(await objectsOf(store.id)).toEqual(before);
    expect((await addVideo(store, productId, { product_variant_id: foreign })).status).toBe(422);
    const badPatch = await call("PATCH", imagesPath(store, productId, `/${scoped.body.id}`), { token: store.token, body: { product_variant_id: foreign } });
    expect(badPatch.status).toBe(422);

    const unscoped = await call("PATCH", imagesPath(store, productId, `/${scoped.body.id}`), {
      token: store.token,
      body: { product_variant_id: null, alt: "All colours" },
    });
    expect(unscoped.body).toMatchObject({ product_variant_id: null, alt: "All colours" });
  });
});

describe("Multipart and JSON fields are validated (422)", () => {
  it("rejects a bad position or is_primary, unknown fields, and a missing file", async () => {
    const { store, productId } = await storeWithProduct();
    for (const [fields, path] of [
      [{ position: "-1" }, "position"],
      [{ position: "first" }, "position"],
      [{ is_primary: "yes" }, "is_primary"],
      [{ caption: "x" }, ""],
    ] as const) {
      const res = await uploadImage(store, productId, fields as Record<string, string>);
      expect(res.status).toBe(422);
      expect(res.body.errors.map((e: any) => e.path)).toContain(path);
    }
    const noFile = new FormData();
    noFile.append("alt", "x");
    expect((await call("POST", imagesPath(store, productId), { token: store.token, body: noFile })).status).toBe(422);
    const item = (await addVideo(store, productId)).body;
    for (const body of [{ position: -1 }, { is_primary: "true" }, { colour: "red" }]) {
      expect((await call("PATCH", imagesPath(store, productId, `/${item.id}`), { token: store.token, body })).status).toBe(422);
    }
    expect(await objectsOf(store.id)).toEqual([]);
  });

  it("415 for bytes that are not an image, with nothing written", async () => {
    const { store, productId } = await storeWithProduct();
    const res = await call("POST", imagesPath(store, productId), {
      token: store.token,
      body: uploadForm(new TextEncoder().encode("hello"), "a.png", "image/png"),
    });
    expect(res.status).toBe(415);
    expect(await objectsOf(store.id)).toEqual([]);
    expect(await gallery(store, productId)).toEqual([]);
  });
});

describe("Ids of other stores and products are not found (404)", () => {
  it("404 for another store's product and for an item of another product", async () => {
    const { store, productId } = await storeWithProduct();
    const other = await onSameDatabase(
      store.id,
      () => storeWithProduct(),
      (made) => made.store.id,
    );
    const theirItem = (await addVideo(other.store, other.productId)).body.id;
    expect((await call("GET", imagesPath(store, other.productId), { token: store.token })).status).toBe(404);
    expect((await addVideo(store, other.productId)).status).toBe(404);
    const otherProduct = (await call("POST", `/stores/${store.id}/products`, { token: store.token, body: { title: "B", product_type: "single" } })).body.id;
    const mine = (await addVideo(store, otherProduct)).body.id;
    for (const id of [theirItem, mine, "not-a-uuid"]) {
      expect((await call("PATCH", imagesPath(store, productId, `/${id}`), { token: store.token, body: { alt: "x" } })).status).toBe(404);
      expect((await call("DELETE", imagesPath(store, productId, `/${id}`), { token: store.token })).status).toBe(404);
    }
    expect((await gallery(store, otherProduct)).length).toBe(1);
  });
});

describe("Gallery rows go with their product; library files stay", () => {
  it("DELETE product removes its gallery rows but not the library file or its bytes", async () => {
    const { store, productId } = await storeWithProduct();
    const item = (await uploadImage(store, productId)).body;
    expect((await call("DELETE", `/stores/${store.id}/products/${productId}`, { token: store.token })).status).toBe(204);
    const rows = await storeFirst<{ n: number }>(store.id, "SELECT count(*) AS n FROM product_images WHERE product_id = ?", productId);
    expect(rows?.n).toBe(0);
    const library = await call("GET", `/stores/${store.id}/media`, { token: store.token });
    expect(library.body.data.map((f: any) => f.id)).toEqual([item.media_file_id]);
    expect(dimensionsOf(await exportsFetch(item.url)).width).toBe(200);
  });
});

describe("Nothing half-written: a failed gallery upload leaves no R2 object and no rows", () => {
  it("removes the uploaded object when the D1 batch fails", async () => {
    const { store, productId } = await storeWithProduct();
    await failStoreBatches(store.id);
    const res = await uploadImage(store, productId);
    vi.restoreAllMocks();
    expect(res.status).toBe(500);
    expect(await objectsOf(store.id)).toEqual([]);
    expect(await gallery(store, productId)).toEqual([]);
    expect((await call("GET", `/stores/${store.id}/media`, { token: store.token })).body.data).toEqual([]);
  });

  it("a product deleted while its upload is in flight: 404 (decided in the batch), and neither the object nor any row stays", async () => {
    const { store, productId } = await storeWithProduct();
    // The product passed its existence check; another request deletes it before the upload's batch commits.
    await writeBeforeStoreBatches(store.id, "DELETE FROM products WHERE id = ?", productId);
    const res = await uploadImage(store, productId);
    vi.restoreAllMocks();
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "not_found" });
    expect(await objectsOf(store.id)).toEqual([]);
    expect((await storeFirst<{ n: number }>(store.id, "SELECT count(*) AS n FROM product_images WHERE product_id = ?", productId))?.n).toBe(0);
    expect((await call("GET", `/stores/${store.id}/media`, { token: store.token })).body.data).toEqual([]);
  });
});
