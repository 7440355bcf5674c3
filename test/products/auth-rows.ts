// Authorization matrix rows (test/helpers/auth-matrix.ts) of the catalog: products, their specs, variants and
// reviews, and collections with their members. Every change acts on a product or collection of its own, so every
// delete is allowed. Run by test/security/authorization-matrix.test.ts.
import { type MatrixStore, type MatrixRows, matrixRow } from "../helpers/auth-matrix";
import { call } from "../helpers/api";

interface Product {
  productId: string;
  variantId: string;
  reviewId: string;
}

/** A draft variable product with two variants and a review. */
async function product(store: MatrixStore): Promise<Product> {
  const base = `/stores/${store.id}/products`;
  const token = store.adminToken;
  const made = await call("POST", base, { token, body: { title: "Matrix", product_type: "variable" } });
  const variant = await call("POST", `${base}/${made.body.id}/variants`, { token, body: { price_cents: 1 } });
  await call("POST", `${base}/${made.body.id}/variants`, { token, body: { price_cents: 1, option_values: [{ name: "s", value: "l" }] } });
  const review = await call("POST", `${base}/${made.body.id}/reviews`, { token, body: { author_name: "A", rating: 4 } });
  return { productId: made.body.id, variantId: variant.body.id, reviewId: review.body.id };
}

const p =
  (suffix = "") =>
  (storeId: string, f: Product) =>
    `/stores/${storeId}/products/${f.productId}${suffix}`;

interface Collection {
  collectionId: string;
  productId: string;
}

/** A manual collection holding one product. */
async function collection(store: MatrixStore): Promise<Collection> {
  const token = store.adminToken;
  const made = await call("POST", `/stores/${store.id}/products`, { token, body: { title: "Member", product_type: "single" } });
  const col = await call("POST", `/stores/${store.id}/collections`, { token, body: { title: `Picks ${crypto.randomUUID().slice(0, 8)}`, kind: "manual" } });
  await call("PUT", `/stores/${store.id}/collections/${col.body.id}/products`, { token, body: { product_ids: [made.body.id] } });
  return { collectionId: col.body.id, productId: made.body.id };
}

/** A manual collection and a product not in it. */
async function collectionAndOutsider(store: MatrixStore): Promise<Collection> {
  const token = store.adminToken;
  const made = await call("POST", `/stores/${store.id}/products`, { token, body: { title: "Outsider", product_type: "single" } });
  const col = await call("POST", `/stores/${store.id}/collections`, { token, body: { title: `Empty ${crypto.randomUUID().slice(0, 8)}`, kind: "manual" } });
  return { collectionId: col.body.id, productId: made.body.id };
}

const c =
  (suffix = "") =>
  (storeId: string, f: Collection) =>
    `/stores/${storeId}/collections/${f.collectionId}${suffix}`;

export const productRows: MatrixRows = {
  listProducts: matrixRow({ path: "/stores/{store_id}/products", expectAllowed: 200 }),
  createProduct: matrixRow({ path: "/stores/{store_id}/products", body: { title: "T", product_type: "single" }, expectAllowed: 201 }),
  getProduct: matrixRow({ setup: product, path: p(), expectAllowed: 200 }),
  updateProduct: matrixRow({ setup: product, path: p(), body: { title: "New" }, expectAllowed: 200 }),
  deleteProduct: matrixRow({ setup: product, path: p(), expectAllowed: 204 }),
  publishProduct: matrixRow({ setup: product, path: p("/publish"), expectAllowed: 200 }),
  unpublishProduct: matrixRow({ setup: product, path: p("/unpublish"), expectAllowed: 200 }),
  replaceProductSpecs: matrixRow({ setup: product, path: p("/specs"), body: { specs: [{ key: "k", value: "v" }] }, expectAllowed: 200 }),

  listVariants: matrixRow({ setup: product, path: p("/variants"), expectAllowed: 200 }),
  createVariant: matrixRow({
    setup: product,
    path: p("/variants"),
    body: { price_cents: 5, option_values: [{ name: "s", value: "xl" }] },
    expectAllowed: 201,
  }),
  getVariant: matrixRow({ setup: product, path: (s, f) => p(`/variants/${f.variantId}`)(s, f), expectAllowed: 200 }),
  updateVariant: matrixRow({ setup: product, path: (s, f) => p(`/variants/${f.variantId}`)(s, f), body: { stock: 3 }, expectAllowed: 200 }),
  deleteVariant: matrixRow({ setup: product, path: (s, f) => p(`/variants/${f.variantId}`)(s, f), expectAllowed: 204 }),

  listReviews: matrixRow({ setup: product, path: p("/reviews"), expectAllowed: 200 }),
  createReview: matrixRow({ setup: product, path: p("/reviews"), body: { author_name: "B", rating: 5 }, expectAllowed: 201 }),
  deleteReview: matrixRow({ setup: product, path: (s, f) => p(`/reviews/${f.reviewId}`)(s, f), expectAllowed: 204 }),

  listCollections: matrixRow({ path: "/stores/{store_id}/collections", expectAllowed: 200 }),
  createCollection: matrixRow({
    path: "/stores/{store_id}/collections",
    body: () => ({ title: `New ${crypto.randomUUID().slice(0, 8)}`, kind: "manual" }),
    expectAllowed: 201,
  }),
  getCollection: matrixRow({ setup: collection, path: c(), expectAllowed: 200 }),
  updateCollection: matrixRow({ setup: collection, path: c(), body: { description: "Changed" }, expectAllowed: 200 }),
  deleteCollection: matrixRow({ setup: collection, path: c(), expectAllowed: 204 }),
  listCollectionProducts: matrixRow({ setup: collection, path: c("/products"), expectAllowed: 200 }),
  setCollectionProducts: matrixRow({ setup: collectionAndOutsider, path: c("/products"), body: (f) => ({ product_ids: [f.productId] }), expectAllowed: 200 }),
  addCollectionProduct: matrixRow({ setup: collectionAndOutsider, path: c("/products"), body: (f) => ({ product_id: f.productId }), expectAllowed: 200 }),
  removeCollectionProduct: matrixRow({ setup: collection, path: (s, f) => c(`/products/${f.productId}`)(s, f), expectAllowed: 204 }),
};
