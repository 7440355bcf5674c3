// Authorization matrix rows (test/helpers/auth-matrix.ts) of media (docs/media.md): the store's library (upload,
// list, delete), the public file URLs (no token), and a product's gallery (images, videos). Run by
// test/security/authorization-matrix.test.ts.
import { type MatrixStore, type MatrixRows, matrixRow } from "../helpers/auth-matrix";
import { call } from "../helpers/api";
import { smallPng } from "./gallery-helpers";
import { makePng, uploadForm } from "./images";

interface Gallery {
  productId: string;
  itemId: string;
  fileId: string;
  png: Uint8Array;
}

/** A product with a video in its gallery, and a library file not in it. */
async function gallery(store: MatrixStore): Promise<Gallery> {
  const token = store.adminToken;
  const productId = (await call("POST", `/stores/${store.id}/products`, { token, body: { title: "P", product_type: "single" } })).body.id;
  const itemId = (await call("POST", `/stores/${store.id}/products/${productId}/videos`, { token, body: { url: "https://vimeo.com/1" } })).body.id;
  const png = await smallPng();
  const fileId = (await call("POST", `/stores/${store.id}/media`, { token, body: uploadForm(png, "a.png", "image/png") })).body.id;
  return { productId, itemId, fileId, png };
}

/** A library file of its own. */
async function libraryFile(store: MatrixStore) {
  const res = await call("POST", `/stores/${store.id}/media`, { token: store.adminToken, body: uploadForm(await makePng(6, 6), "f.png", "image/png") });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.text}`);
  return res.body as { id: string; url: string };
}

const images =
  (rest = "") =>
  (storeId: string, f: Gallery) =>
    `/stores/${storeId}/products/${f.productId}/images${rest}`;
const item = (storeId: string, f: Gallery) => `/stores/${storeId}/products/${f.productId}/images/${f.itemId}`;

export const mediaRows: MatrixRows = {
  uploadMedia: matrixRow({
    setup: async () => makePng(4, 4),
    path: "/stores/{store_id}/media",
    body: (png) => uploadForm(png, "a.png", "image/png"),
    expectAllowed: 201,
  }),
  listMedia: matrixRow({ path: "/stores/{store_id}/media", expectAllowed: 200 }),
  deleteMedia: matrixRow({ setup: libraryFile, path: (storeId, file) => `/stores/${storeId}/media/${file.id}`, expectAllowed: 204 }),
  getMediaFile: matrixRow({ setup: libraryFile, path: (_storeId, file) => file.url, expectAllowed: 200 }),

  listProductImages: matrixRow({ setup: gallery, path: images(), expectAllowed: 200 }),
  getProductImage: matrixRow({ setup: gallery, path: item, expectAllowed: 200 }),
  uploadProductImage: matrixRow({ setup: gallery, path: images(), body: (f) => uploadForm(f.png, "a.png", "image/png"), expectAllowed: 201 }),
  associateProductImage: matrixRow({ setup: gallery, path: images("/associate"), body: (f) => ({ media_file_id: f.fileId }), expectAllowed: 201 }),
  createProductVideo: matrixRow({
    setup: gallery,
    path: (storeId, f) => `/stores/${storeId}/products/${f.productId}/videos`,
    body: { url: "https://youtu.be/x" },
    expectAllowed: 201,
  }),
  updateProductImage: matrixRow({ setup: gallery, path: item, body: { alt: "x" }, expectAllowed: 200 }),
  deleteProductImage: matrixRow({ setup: gallery, path: item, expectAllowed: 204 }),
};
