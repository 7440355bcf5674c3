// Product list rows carry the gallery's primary image (docs/admin.md "Day one": thumbnails in the products list),
// so a list needs no request per row.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { addVideo, storeWithProduct, uploadImage } from "./gallery-helpers";

const listItem = async (store: { id: string; token: string }, productId: string) => {
  const res = await call("GET", `/stores/${store.id}/products?include_drafts=true`, { token: store.token });
  expect(res.status).toBe(200);
  return res.body.data.find((p: { id: string }) => p.id === productId);
};

describe("Product list items carry the primary image's thumbnail", () => {
  it("null without a gallery; the primary image's 150 px URL and alt once there is one, and it follows the primary", async () => {
    const { store, productId } = await storeWithProduct();
    expect((await listItem(store, productId)).primary_image).toBeNull();

    const first = (await uploadImage(store, productId, { alt: "Front" })).body;
    const second = (await uploadImage(store, productId, { alt: "Back" })).body;
    expect((await listItem(store, productId)).primary_image).toEqual({
      id: first.id,
      alt: "Front",
      thumbnail_url: `/media/${store.id}/${first.media_file_id}/thumbnail`,
    });
    const thumb = await call("GET", `/media/${store.id}/${first.media_file_id}/thumbnail`);
    expect(thumb.status).toBe(200);

    const made = await call("PATCH", `/stores/${store.id}/products/${productId}/images/${second.id}`, { token: store.token, body: { is_primary: true } });
    expect(made.status).toBe(200);
    expect((await listItem(store, productId)).primary_image).toMatchObject({ id: second.id, alt: "Back" });
  });

  it("a video as the primary item gives no thumbnail", async () => {
    const { store, productId } = await storeWithProduct();
    const video = await addVideo(store, productId);
    expect(video.status).toBe(201);
    expect(video.body.is_primary).toBe(true);
    expect((await listItem(store, productId)).primary_image).toBeNull();
  });
});
