// Every gallery change emits product.image.created|updated|deleted (the item plus product_id) and
// products.updated (the product as GET returns it) in the same batch as the change, plus an audit row; and
// every gallery endpoint passes the auth matrix.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { uploadForm } from "./images";
import { addVideo, eventsOf, imagesPath, smallPng, storeWithProduct, uploadImage } from "./gallery-helpers";

const named = (events: Array<{ name: string; data: any }>, name: string) => events.filter((e) => e.name === name).map((e) => e.data);

describe("Every gallery change emits product.image.* and products.updated", () => {
  it("created, updated and deleted carry the item and product_id; products.updated carries the new gallery", async () => {
    const { store, productId } = await storeWithProduct();
    const item = (await uploadImage(store, productId, { alt: "Front" })).body;
    let events = await eventsOf(store.id);
    expect(named(events, "product.image.created")).toEqual([item]);
    expect(item.product_id).toBe(productId);
    const updates = named(events, "products.updated");
    expect(updates.length).toBe(1);
    expect(updates[0]).toMatchObject({ id: productId, images: [item] });

    const patched = (await call("PATCH", imagesPath(store, productId, `/${item.id}`), { token: store.token, body: { alt: "Back" } })).body;
    expect(patched.alt).toBe("Back");
    events = await eventsOf(store.id);
    expect(named(events, "product.image.updated")).toEqual([patched]);
    expect(named(events, "products.updated").map((p) => p.images[0]?.alt)).toContain("Back");

    expect((await call("DELETE", imagesPath(store, productId, `/${item.id}`), { token: store.token })).status).toBe(204);
    events = await eventsOf(store.id);
    expect(named(events, "product.image.deleted")).toEqual([patched]);
    const last = named(events, "products.updated");
    expect(last.length).toBe(3);
    expect(last.some((p) => p.images.length === 0)).toBe(true);
  });

  it("a video and an association emit product.image.created too", async () => {
    const { store, productId } = await storeWithProduct();
    const video = (await addVideo(store, productId)).body;
    const file = (await call("POST", `/stores/${store.id}/media`, { token: store.token, body: uploadForm(await smallPng(), "a.png", "image/png") })).body;
    const associated = (await call("POST", imagesPath(store, productId, "/associate"), { token: store.token, body: { media_file_id: file.id } })).body;
    const events = await eventsOf(store.id);
    expect(named(events, "product.image.created")).toEqual(expect.arrayContaining([video, associated]));
    expect(named(events, "products.updated").length).toBe(2);
  });

  it("a rejected change emits nothing", async () => {
    const { store, productId } = await storeWithProduct();
    const before = (await eventsOf(store.id)).length;
    await call("POST", imagesPath(store, productId, "/associate"), { token: store.token, body: { media_file_id: "01a20000-0000-7000-8000-000000000000" } });
    await addVideo(store, productId, { url: "not a url" });
    expect((await eventsOf(store.id)).length).toBe(before);
  });
});

describe("Gallery changes are audited", () => {
  it("records product_image.create/update/delete and media_file.create against the caller", async () => {
    const { store, productId } = await storeWithProduct();
    const item = (await uploadImage(store, productId)).body;
    await call("PATCH", imagesPath(store, productId, `/${item.id}`), { token: store.token, body: { position: 0 } });
    await call("DELETE", imagesPath(store, productId, `/${item.id}`), { token: store.token });
    const log = await call("GET", `/stores/${store.id}/audit-log?limit=100`, { token: store.token });
    const rows = log.body.data.filter((e: any) => e.resource_type === "product_image" || e.resource_type === "media_file");
    expect(rows.map((e: any) => [e.action, e.resource_id]).sort()).toEqual(
      [
        ["media_file.create", item.media_file_id],
        ["product_image.create", item.id],
        ["product_image.update", item.id],
        ["product_image.delete", item.id],
      ].sort(),
    );
    expect(rows.every((e: any) => e.user_id === store.owner.id && e.token_id === null)).toBe(true);
  });
});
