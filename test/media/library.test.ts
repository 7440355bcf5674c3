// The store media library and the public image URLs (docs/api/07-media.md), through the Worker's own fetch, with
// real images generated here and resized by the real Images binding.
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, newStore } from "../helpers/api";
import { failStoreBatches, onSameDatabase } from "../products/store-databases";
import { dimensionsOf, makeJpeg, makePng, uploadForm } from "./images";

const GIF_1X1 = Uint8Array.from(atob("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=="), (c) => c.charCodeAt(0));

afterEach(() => vi.restoreAllMocks());

async function upload(storeId: string, token: string, bytes: Uint8Array, name = "photo.png", type = "image/png", fields = {}) {
  return call("POST", `/stores/${storeId}/media`, { token, body: uploadForm(bytes, name, type, fields) });
}

async function fetchPublic(path: string, headers: Record<string, string> = {}) {
  const res = await exports.default.fetch(new Request(`http://api.test${path}`, { headers }));
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const objectsOf = async (storeId: string) => (await env.MEDIA.list({ prefix: `${storeId}/` })).objects.map((o) => o.key);

describe("Accepted uploads: JPEG, PNG, WebP, AVIF, GIF, recognised from the bytes", () => {
  it("stores a PNG with its type, size, dimensions, filename and alt", async () => {
    const store = await newStore();
    const png = await makePng(400, 300);
    const res = await upload(store.id, store.owner.jwt, png, "shirt.png", "image/png", { alt: "A shirt" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      store_id: store.id,
      filename: "shirt.png",
      content_type: "image/png",
      bytes: png.length,
      width: 400,
      height: 300,
      alt: "A shirt",
      url: `/media/${store.id}/${res.body.id}/original`,
    });
    expect(res.headers.get("Location")).toBe(res.body.url);
    const original = await fetchPublic(res.body.url);
    expect(original.res.status).toBe(200);
    expect(original.res.headers.get("Content-Type")).toBe("image/png");
    expect(original.bytes).toEqual(png);
  });

  it("accepts JPEG, WebP, AVIF and GIF bytes and records the type found in them", async () => {
    const store = await newStore();
    const jpeg = await makeJpeg(64, 48);
    const webp = new Uint8Array(
      await new Response((await env.IMAGES.input(new Blob([await makePng(40, 20)]).stream()).output({ format: "image/webp" })).image()).arrayBuffer(),
    );
    const avif = new Uint8Array(
      await new Response((await env.IMAGES.input(new Blob([await makePng(24, 16)]).stream()).output({ format: "image/avif" })).image()).arrayBuffer(),
    );
    for (const [bytes, type, width, height] of [
      [jpeg, "image/jpeg", 64, 48],
      [webp, "image/webp", 40, 20],
      [avif, "image/avif", 24, 16],
      [GIF_1X1, "image/gif", 1, 1],
    ] as const) {
      const res = await upload(store.id, store.owner.jwt, bytes, "file.bin", "application/octet-stream");
      expect(res.status, type).toBe(201);
      expect(res.body).toMatchObject({ content_type: type, width, height, bytes: bytes.length });
    }
  });

  it("rejects a spoofed content type: text declared as image/png is 415 and nothing is stored", async () => {
    const store = await newStore();
    const res = await upload(store.id, store.owner.jwt, new TextEncoder().encode("<svg onload=alert(1)>"), "x.png", "image/png");
    expect(res.status).toBe(415);
    expect(res.body.code).toBe("unsupported_media_type");
    expect(res.headers.get("Content-Type")).toBe("application/problem+json");
    expect(await objectsOf(store.id)).toEqual([]);
  });

  it("rejects bytes that start like a PNG but are not an image (415), leaving no object behind", async () => {
    const store = await newStore();
    const fake = new Uint8Array(200);
    fake.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const res = await upload(store.id, store.owner.jwt, fake);
    expect(res.status).toBe(415);
    expect(await objectsOf(store.id)).toEqual([]);
    expect((await call("GET", `/stores/${store.id}/media`, { token: store.owner.jwt })).body.pagination.total).toBe(0);
  });
});

describe("Limit 10 MiB (413)", () => {
  it("answers 413 payload_too_large for a file one byte over 10 MiB and stores nothing", async () => {
    const store = await newStore();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(await makePng(10, 10));
    const res = await upload(store.id, store.owner.jwt, big);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("payload_too_large");
    expect(await objectsOf(store.id)).toEqual([]);
  });

  it("answers 413 from the declared length of a far larger body, before reading it", async () => {
    const store = await newStore();
    const res = await call("POST", `/stores/${store.id}/media`, {
      token: store.owner.jwt,
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(50 * 1024 * 1024) },
      body: "--x\r\n",
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("payload_too_large");
  });
});

describe("Multipart fields are validated like JSON fields", () => {
  it("422 for a missing file, an empty file, a text value as file, and an unknown field", async () => {
    const store = await newStore();
    const png = await makePng(8, 8);
    const noFile = new FormData();
    noFile.append("alt", "x");
    const textFile = new FormData();
    textFile.append("file", "not a file");
    const cases: Array<[FormData, string]> = [
      [noFile, "file"],
      [uploadForm(new Uint8Array(), "empty.png", "image/png"), "file"],
      [textFile, "file"],
      [uploadForm(png, "a.png", "image/png", { colour: "red" }), ""],
    ];
    for (const [form, path] of cases) {
      const res = await call("POST", `/stores/${store.id}/media`, { token: store.owner.jwt, body: form });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.errors.map((e: any) => e.path)).toContain(path);
    }
    expect(await objectsOf(store.id)).toEqual([]);
  });
});

describe("GET /stores/{store_id}/media lists library files", () => {
  it("lists newest first with pagination, only this store's files", async () => {
    const store = await newStore();
    const other = await onSameDatabase(store.id, newStore);
    const png = await makePng(20, 10);
    const first = await upload(store.id, store.owner.jwt, png, "first.png");
    const second = await upload(store.id, store.owner.jwt, png, "second.png");
    await upload(other.id, other.owner.jwt, png, "theirs.png");
    const res = await call("GET", `/stores/${store.id}/media?limit=1`, { token: store.owner.jwt });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ limit: 1, offset: 0, total: 2 });
    expect(res.body.data.map((f: any) => f.id)).toEqual([second.body.id]);
    const page2 = await call("GET", `/stores/${store.id}/media?limit=1&offset=1`, { token: store.owner.jwt });
    expect(page2.body.data.map((f: any) => f.filename)).toEqual(["first.png"]);
    expect(page2.body.data[0].id).toBe(first.body.id);
  });
});

describe("Sizes are widths 150/320/640/1280, never upscaled, made by the Images binding", () => {
  it("serves each size of a 2000 px JPEG at its width (read from the output bytes)", async () => {
    const store = await newStore();
    const file = (await upload(store.id, store.owner.jwt, await makeJpeg(2000, 1000), "big.jpg", "image/jpeg")).body;
    const expected = { thumbnail: 150, small: 320, medium: 640, large: 1280 };
    expect(file.image_variants.map((v: any) => [v.size, v.width])).toEqual(Object.entries(expected));
    for (const variant of file.image_variants) {
      const { res, bytes } = await fetchPublic(variant.url);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("image/jpeg");
      expect(dimensionsOf(bytes)).toEqual({ format: "jpeg", width: variant.width, height: variant.width / 2 });
    }
  });

  it("never upscales: a 400 px PNG is served at 150, 320, 400, 400", async () => {
    const store = await newStore();
    const file = (await upload(store.id, store.owner.jwt, await makePng(400, 200))).body;
    expect(file.image_variants.map((v: any) => v.width)).toEqual([150, 320, 400, 400]);
    for (const variant of file.image_variants) {
      const { bytes } = await fetchPublic(variant.url);
      expect(dimensionsOf(bytes).width).toBe(variant.width);
    }
  });
});

describe("GIF originals are sized to PNG (the Images binding has no GIF output)", () => {
  it("serves a GIF's sizes as PNG at the GIF's own width, and the original as the GIF", async () => {
    const store = await newStore();
    const file = (await upload(store.id, store.owner.jwt, GIF_1X1, "dot.gif", "image/gif")).body;
    const sized = await fetchPublic(file.image_variants[0].url);
    expect(sized.res.status).toBe(200);
    expect(sized.res.headers.get("Content-Type")).toBe("image/png");
    expect(dimensionsOf(sized.bytes)).toMatchObject({ format: "png", width: 1, height: 1 });
    const original = await fetchPublic(file.url);
    expect(original.res.headers.get("Content-Type")).toBe("image/gif");
    expect(original.bytes).toEqual(GIF_1X1);
  });
});

describe("A size is computed once and kept", () => {
  it("the second request for a size does not transform again and serves the kept bytes", async () => {
    const store = await newStore();
    const file = (await upload(store.id, store.owner.jwt, await makePng(900, 600))).body;
    const transforms = vi.spyOn(env.IMAGES, "input");
    const first = await fetchPublic(file.image_variants[1].url);
    expect(transforms).toHaveBeenCalledTimes(1);
    expect(await objectsOf(store.id)).toContain(`${store.id}/${file.id}/small`);
    const second = await fetchPublic(file.image_variants[1].url);
    expect(transforms).toHaveBeenCalledTimes(1);
    expect(second.bytes).toEqual(first.bytes);
    expect(second.res.headers.get("ETag")).toBe(first.res.headers.get("ETag"));
  });
});

describe("Responses are immutable-cached with an ETag", () => {
  it("sends Cache-Control immutable and an ETag for original and sizes, and 304 on If-None-Match", async () => {
    const store = await newStore();
    const file = (await upload(store.id, store.owner.jwt, await makePng(300, 300))).body;
    for (const url of [file.url, file.image_variants[0].url]) {
      const { res } = await fetchPublic(url);
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      const etag = res.headers.get("ETag");
      expect(etag).toMatch(/^"[^"]+"$/);
      const again = await fetchPublic(url, { "If-None-Match": etag! });
      expect(again.res.status).toBe(304);
      expect(again.bytes.length).toBe(0);
    }
  });
});

describe("WebP by Accept negotiation (Vary: Accept)", () => {
  it("answers WebP to clients that accept it and the original's format to others", async () => {
    const store = await newStore();
    const file = (await upload(store.id, store.owner.jwt, await makeJpeg(800, 400), "a.jpg", "image/jpeg")).body;
    const url = file.image_variants[2].url;
    const webp = await fetchPublic(url, { Accept: "image/avif,image/webp,*/*" });
    expect(webp.res.headers.get("Content-Type")).toBe("image/webp");
    expect(webp.res.headers.get("Vary")).toBe("Accept");
    expect(dimensionsOf(webp.bytes)).toMatchObject({ format: "webp", width: 640 });
    const plain = await fetchPublic(url, { Accept: "*/*" });
    expect(plain.res.headers.get("Content-Type")).toBe("image/jpeg");
    expect(dimensionsOf(plain.bytes)).toMatchObject({ format: "jpeg", width: 640 });
  });
});

describe("Public URLs /media/{store_id}/{media_file_id}/{size}", () => {
  it("need no token, and are 404 for another store's id, an unknown file or an unknown size", async () => {
    const store = await newStore();
    const other = await onSameDatabase(store.id, newStore);
    const file = (await upload(store.id, store.owner.jwt, await makePng(50, 50))).body;
    expect((await fetchPublic(file.url)).res.status).toBe(200);
    for (const path of [
      `/media/${other.id}/${file.id}/original`,
      `/media/${other.id}/${file.id}/small`,
      `/media/${store.id}/${other.id}/small`,
      `/media/${store.id}/${file.id}/huge`,
      `/media/${store.id}/not-a-uuid/small`,
    ]) {
      const { res } = await fetchPublic(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("Content-Type")).toBe("application/problem+json");
    }
  });
});

describe("Nothing half-written: a failed database write leaves no R2 object", () => {
  it("deletes the uploaded object when the D1 batch fails", async () => {
    const store = await newStore();
    await failStoreBatches(store.id);
    const res = await upload(store.id, store.owner.jwt, await makePng(30, 30));
    vi.restoreAllMocks();
    expect(res.status).toBe(500);
    expect(await objectsOf(store.id)).toEqual([]);
    expect((await call("GET", `/stores/${store.id}/media`, { token: store.owner.jwt })).body.pagination.total).toBe(0);
  });
});

describe("OpenAPI documents the media endpoints with their permissions", () => {
  it("lists every media and gallery operation, the upload as multipart with a binary file", async () => {
    const doc = (await call("GET", "/openapi.json")).body;
    const expected: Record<string, string> = {
      "post /stores/{store_id}/media": "products.edit",
      "get /stores/{store_id}/media": "products.read",
      "get /media/{store_id}/{media_file_id}/{size}": "none",
      "get /stores/{store_id}/products/{id}/images": "products.read",
      "post /stores/{store_id}/products/{id}/images": "products.edit",
      "post /stores/{store_id}/products/{id}/images/associate": "products.edit",
      "post /stores/{store_id}/products/{id}/videos": "products.edit",
      "patch /stores/{store_id}/products/{id}/images/{img_id}": "products.edit",
      "delete /stores/{store_id}/products/{id}/images/{img_id}": "products.edit",
    };
    for (const [key, permission] of Object.entries(expected)) {
      const [method, path] = key.split(" ");
      expect(doc.paths[path]?.[method]?.["x-required-permission"], key).toBe(permission);
    }
    const body = doc.paths["/stores/{store_id}/media"].post.requestBody.content["multipart/form-data"].schema;
    const schema = body.$ref ? doc.components.schemas[body.$ref.split("/").pop()] : body;
    expect(schema.properties.file).toMatchObject({ type: "string", format: "binary" });
    expect(schema.required).toContain("file");
  });
});
