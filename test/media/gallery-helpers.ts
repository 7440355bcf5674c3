// Fixtures for the gallery tests: products and variants through the catalog API, gallery calls, event rows.
import { expect } from "vitest";
import { call, newStore, type TestStore } from "../helpers/api";
import { storeAll } from "../products/store-databases";
import { makePng, uploadForm } from "./images";

export interface GalleryStore extends TestStore {
  token: string;
}

export async function storeWithProduct(productType: "single" | "variable" = "single") {
  const store = await newStore();
  const token = store.owner.jwt;
  const body = productType === "single" ? { title: "Shirt", product_type: "single", default_price_cents: 1000 } : { title: "Shirt", product_type: "variable" };
  const product = await call("POST", `/stores/${store.id}/products`, { token, body });
  if (product.status !== 201) throw new Error(`product failed: ${product.status} ${product.text}`);
  return { store: { ...store, token }, productId: product.body.id as string, defaultVariantId: product.body.variants[0]?.id as string | undefined };
}

export async function addVariant(store: GalleryStore, productId: string, colour: string) {
  const res = await call("POST", `/stores/${store.id}/products/${productId}/variants`, {
    token: store.token,
    body: { price_cents: 1200, option_values: [{ name: "Colour", value: colour }] },
  });
  if (res.status !== 201) throw new Error(`variant failed: ${res.status} ${res.text}`);
  return res.body.id as string;
}

export const imagesPath = (store: GalleryStore, productId: string, rest = "") => `/stores/${store.id}/products/${productId}/images${rest}`;

let png: Uint8Array | undefined;
export const smallPng = async () => (png ??= await makePng(200, 100));

export async function uploadImage(store: GalleryStore, productId: string, fields: Record<string, string> = {}) {
  return call("POST", imagesPath(store, productId), { token: store.token, body: uploadForm(await smallPng(), "p.png", "image/png", fields) });
}

export async function addVideo(store: GalleryStore, productId: string, body: Record<string, unknown> = {}) {
  return call("POST", `/stores/${store.id}/products/${productId}/videos`, {
    token: store.token,
    body: { url: "https://www.youtube.com/watch?v=abc", ...body },
  });
}

export async function gallery(store: GalleryStore, productId: string) {
  const res = await call("GET", imagesPath(store, productId, "?limit=100"), { token: store.token });
  expect(res.status).toBe(200);
  return res.body.data as any[];
}

/** The gallery as [id, position, is_primary] in order, plus a check that positions are dense from 0. */
export async function layout(store: GalleryStore, productId: string) {
  const items = await gallery(store, productId);
  expect(items.map((i) => i.position)).toEqual(items.map((_, index) => index));
  expect(items.filter((i) => i.is_primary).length).toBe(items.length ? 1 : 0);
  return items.map((i) => ({ id: i.id, primary: i.is_primary }));
}

export async function eventsOf(storeId: string) {
  const results = await storeAll<{ name: string; data: string }>(
    storeId,
    "SELECT name, json_extract(payload, '$.data') AS data FROM events WHERE store_id = ? ORDER BY id",
    storeId,
  );
  return results.map((r) => ({ name: r.name, data: JSON.parse(r.data) }));
}
