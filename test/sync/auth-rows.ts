// Authorization matrix rows (test/helpers/auth-matrix.ts) of catalog sync (docs/api/15-sync-and-bulk.md): the deleted-products
// feed, bulk variant changes, the CSV export, and CSV imports (multipart; createImport needs both products.write and
// products.edit, so the matrix lacks each in turn). Run by test/security/authorization-matrix.test.ts.
import { type MatrixStore, type MatrixRows, matrixRow } from "../helpers/auth-matrix";
import { call } from "../helpers/api";
import { HEADER } from "./csv-helpers";

/** A one-product CSV file as the upload form carries it (a new handle and SKU each time). */
function csvForm() {
  const id = crypto.randomUUID().slice(0, 8);
  const form = new FormData();
  form.append(
    "file",
    new File([`${HEADER}\r\nmatrix-${id},Matrix ${id},,,single,draft,,,MX-${id},,,,,,,,3.00,4,,,,,\r\n`], "products.csv", { type: "text/csv" }),
  );
  return form;
}

/** A single product's default variant. */
async function variant(store: MatrixStore) {
  const res = await call("POST", `/stores/${store.id}/products`, {
    token: store.adminToken,
    body: { title: "Bulk", product_type: "single", default_price_cents: 100 },
  });
  return { variantId: res.body.variants[0].id as string };
}

async function startedImport(store: MatrixStore) {
  const res = await call("POST", `/stores/${store.id}/imports`, { token: store.adminToken, body: csvForm() });
  if (res.status !== 202) throw new Error(`import failed: ${res.status} ${res.text}`);
  return res.body as { id: string };
}

export const syncRows: MatrixRows = {
  listDeletedProducts: matrixRow({ path: "/stores/{store_id}/products/deleted", expectAllowed: 200 }),
  bulkUpdateVariants: matrixRow({
    setup: variant,
    path: "/stores/{store_id}/variants/bulk",
    body: (v) => ({ updates: [{ variant_id: v.variantId, stock: 3 }] }),
    expectAllowed: 200,
  }),
  // Its rule is "products.write | products.edit": each caller that passes creates its own product (a new key).
  putProductByExternalId: matrixRow({
    path: (storeId) => `/stores/${storeId}/products/by-external-id/matrix-${crypto.randomUUID()}`,
    body: { title: "Matrix", product_type: "single", variants: [{ price_cents: 1 }] },
    expectAllowed: 201,
  }),
  exportProductsCsv: matrixRow({ path: "/stores/{store_id}/products/export.csv", expectAllowed: 200 }),
  createImport: matrixRow({ path: "/stores/{store_id}/imports", body: csvForm, expectAllowed: 202 }),
  getImport: matrixRow({ setup: startedImport, path: (storeId, started) => `/stores/${storeId}/imports/${started.id}`, expectAllowed: 200 }),
};
