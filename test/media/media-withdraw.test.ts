// A library file can be withdrawn (docs/api/13-security.md; issue 15, item 8): DELETE /stores/{id}/media/{media_id}
// (products.edit) answers 204, the original and every size leave R2 and answer 404 from then on; while a gallery
// item uses the file: 409 conflict. Concurrent deletes: one 204, the others 404.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addMember, call, newStore } from "../helpers/api";
import { sqlAll } from "../helpers/support";
import { makePng, uploadForm } from "./images";

const SIZES = ["original", "thumbnail", "small", "medium", "large"];
const objectsOf = async (storeId: string, fileId: string) => (await env.MEDIA.list({ prefix: `${storeId}/${fileId}/` })).objects.map((o) => o.key);
const fetchPublic = (path: string, accept = "image/webp") => exports.default.fetch(new Request(`http://api.test${path}`, { headers: { Accept: accept } }));

async function uploadFile(storeId: string, token: string) {
  const res = await call("POST", `/stores/${storeId}/media`, { token, body: uploadForm(await makePng(400, 300), "p.png", "image/png") });
  expect(res.status).toBe(201);
  return res.body as { id: string; url: string };
}

describe("DELETE /stores/{id}/media/{media_id} withdraws a library file", () => {
  it("204; the original and every size made so far (WebP and fallback) are gone from R2 and answer 404", async () => {
    const store = await newStore();
    const file = await uploadFile(store.id, store.owner.jwt);
    for (const size of SIZES) {
      expect((await fetchPublic(`/media/${store.id}/${file.id}/${size}`)).status).toBe(200);
      expect((await fetchPublic(`/media/${store.id}/${file.id}/${size}`, "image/png")).status).toBe(200);
    }
    expect((await objectsOf(store.id, file.id)).length).toBe(9);
    const res = await call("DELETE", `/stores/${store.id}/media/${file.id}`, { token: store.owner.jwt });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(await objectsOf(store.id, file.id)).toEqual([]);
    for (const size of SIZES) {
      const gone = await fetchPublic(`/media/${store.id}/${file.id}/${size}`);
      expect(gone.status).toBe(404);
      await gone.arrayBuffer();
    }
    const list = await call("GET", `/stores/${store.id}/media`, { token: store.owner.jwt });
    expect(list.body.data.map((f: any) => f.id)).not.toContain(file.id);
    expect((await call("DELETE", `/stores/${store.id}/media/${file.id}`, { token: store.owner.jwt })).status).toBe(404);
    expect(await sqlAll("SELECT id FROM audit_log WHERE store_id = ? AND action = 'media_file.delete'", store.id)).toHaveLength(1);
  });

  it("409 while a gallery item uses it (nothing deleted); 204 once the item is removed", async () => {
    const store = await newStore();
    const file = await uploadFile(store.id, store.owner.jwt);
    const product = await call("POST", `/stores/${store.id}/products`, { token: store.owner.jwt, body: { title: "Mug", product_type: "single" } });
    const item = await call("POST", `/stores/${store.id}/products/${product.body.id}/images/associate`, {
      token: store.owner.jwt,
      body: { media_file_id: file.id },
    });
    expect(item.status).toBe(201);
    const res = await call("DELETE", `/stores/${store.id}/media/${file.id}`, { token: store.owner.jwt });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("conflict");
    expect((await fetchPublic(`/media/${store.id}/${file.id}/original`)).status).toBe(200);
    expect((await call("DELETE", `/stores/${store.id}/products/${product.body.id}/images/${item.body.id}`, { token: store.owner.jwt })).status).toBe(204);
    expect((await call("DELETE", `/stores/${store.id}/media/${file.id}`, { token: store.owner.jwt })).status).toBe(204);
  });

  it("products.edit is needed (403 naming it); another store's file and malformed ids are 404", async () => {
    const store = await newStore();
    const file = await uploadFile(store.id, store.owner.jwt);
    const reader = await addMember(store, ["products.read"]);
    const denied = await call("DELETE", `/stores/${store.id}/media/${file.id}`, { token: reader.jwt });
    expect(denied.status).toBe(403);
    expect(denied.body.missing_permission).toBe("products.edit");
    const other = await newStore();
    expect((await call("DELETE", `/stores/${other.id}/media/${file.id}`, { token: other.owner.jwt })).status).toBe(404);
    expect((await call("DELETE", `/stores/${store.id}/media/not-a-uuid`, { token: store.owner.jwt })).status).toBe(404);
    expect((await fetchPublic(`/media/${store.id}/${file.id}/original`)).status).toBe(200);
  });

  it("concurrent deletes: one 204, the others 404, one audit row", async () => {
    const store = await newStore();
    const file = await uploadFile(store.id, store.owner.jwt);
    const statuses = (await Promise.all([1, 2, 3].map(() => call("DELETE", `/stores/${store.id}/media/${file.id}`, { token: store.owner.jwt })))).map(
      (r) => r.status,
    );
    expect(statuses.sort()).toEqual([204, 404, 404]);
    expect(await sqlAll("SELECT id FROM audit_log WHERE store_id = ? AND action = 'media_file.delete'", store.id)).toHaveLength(1);
  });

  it("a delete racing a gallery association: either the item exists and the file stays (409), or the file is gone and the association is a 422", async () => {
    const store = await newStore();
    const file = await uploadFile(store.id, store.owner.jwt);
    const product = await call("POST", `/stores/${store.id}/products`, { token: store.owner.jwt, body: { title: "Mug", product_type: "single" } });
    const [deleted, associated] = await Promise.all([
      call("DELETE", `/stores/${store.id}/media/${file.id}`, { token: store.owner.jwt }),
      call("POST", `/stores/${store.id}/products/${product.body.id}/images/associate`, { token: store.owner.jwt, body: { media_file_id: file.id } }),
    ]);
    expect([deleted.status, associated.status].sort()).toEqual(deleted.status === 204 ? [204, 422] : [201, 409]);
    const items = await sqlAll("SELECT id FROM product_images WHERE media_file_id = ?", file.id);
    const files = await sqlAll("SELECT id FROM media_files WHERE id = ?", file.id);
    expect(items.length > 0 ? files.length : 1).toBe(1);
  });
});
