// The auth matrix on every catalog endpoint: no token / bad token → 401, another store → 403, lacking the
// route's bit → 403 naming it, every bit → allowed.
import { call } from "../helpers/api";
import { type MatrixStore, authMatrix } from "../helpers/auth-matrix";

interface Fixture {
  productId: string;
  variantId: string;
  reviewId: string;
}

/** A draft variable product with two variants and a review (so every delete in the matrix is allowed). */
async function fixture(store: MatrixStore): Promise<Fixture> {
  const base = `/stores/${store.id}/products`;
  const token = store.adminToken;
  const product = await call("POST", base, { token, body: { title: "Matrix", product_type: "variable" } });
  const variant = await call("POST", `${base}/${product.body.id}/variants`, { token, body: { price_cents: 1 } });
  await call("POST", `${base}/${product.body.id}/variants`, { token, body: { price_cents: 1, option_values: [{ name: "s", value: "l" }] } });
  const review = await call("POST", `${base}/${product.body.id}/reviews`, { token, body: { author_name: "A", rating: 4 } });
  return { productId: product.body.id, variantId: variant.body.id, reviewId: review.body.id };
}

const p = (storeId: string, f: Fixture, suffix = "") => `/stores/${storeId}/products/${f.productId}${suffix}`;

authMatrix({ method: "GET", path: "/stores/{store_id}/products", permission: "products.read", expectAllowed: 200 });
authMatrix({
  method: "POST", path: "/stores/{store_id}/products", permission: "products.write",
  body: { title: "T", product_type: "single" }, expectAllowed: 201,
});
authMatrix<Fixture>({ method: "GET", path: (s, f) => p(s, f), permission: "products.read", setup: fixture, expectAllowed: 200 });
authMatrix<Fixture>({
  method: "PATCH", path: (s, f) => p(s, f), permission: "products.edit", setup: fixture, body: { title: "New" }, expectAllowed: 200,
});
authMatrix<Fixture>({ method: "DELETE", path: (s, f) => p(s, f), permission: "products.delete", setup: fixture, expectAllowed: 204 });
authMatrix<Fixture>({
  method: "POST", path: (s, f) => p(s, f, "/publish"), permission: "products.publish", setup: fixture, expectAllowed: 200,
});
authMatrix<Fixture>({
  method: "POST", path: (s, f) => p(s, f, "/unpublish"), permission: "products.publish", setup: fixture, expectAllowed: 200,
});
authMatrix<Fixture>({
  method: "PUT", path: (s, f) => p(s, f, "/specs"), permission: "products.edit", setup: fixture,
  body: { specs: [{ key: "k", value: "v" }] }, expectAllowed: 200,
});
authMatrix<Fixture>({ method: "GET", path: (s, f) => p(s, f, "/variants"), permission: "products.read", setup: fixture, expectAllowed: 200 });
authMatrix<Fixture>({
  method: "POST", path: (s, f) => p(s, f, "/variants"), permission: "products.edit", setup: fixture,
  body: { price_cents: 5, option_values: [{ name: "s", value: "xl" }] }, expectAllowed: 201,
});
authMatrix<Fixture>({
  method: "GET", path: (s, f) => p(s, f, `/variants/${f.variantId}`), permission: "products.read", setup: fixture, expectAllowed: 200,
});
authMatrix<Fixture>({
  method: "PATCH", path: (s, f) => p(s, f, `/variants/${f.variantId}`), permission: "products.edit", setup: fixture,
  body: { stock: 3 }, expectAllowed: 200,
});
authMatrix<Fixture>({
  method: "DELETE", path: (s, f) => p(s, f, `/variants/${f.variantId}`), permission: "products.edit", setup: fixture, expectAllowed: 204,
});
authMatrix<Fixture>({ method: "GET", path: (s, f) => p(s, f, "/reviews"), permission: "products.read", setup: fixture, expectAllowed: 200 });
authMatrix<Fixture>({
  method: "POST", path: (s, f) => p(s, f, "/reviews"), permission: "products.edit", setup: fixture,
  body: { author_name: "B", rating: 5 }, expectAllowed: 201,
});
authMatrix<Fixture>({
  method: "DELETE", path: (s, f) => p(s, f, `/reviews/${f.reviewId}`), permission: "products.edit", setup: fixture, expectAllowed: 204,
});
