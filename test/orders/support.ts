// Catalog rows for order tests, written straight to the store's database with the catalog's own columns (the orders
// module only reads variants, products and their status; the catalog API is tested on its own).
import { storeD1 } from "../helpers/databases";
import { closeStockContext, openStockContext } from "../helpers/stock-context";
import { storeAll, storeFirst } from "../products/store-databases";

export interface SeedVariant {
  stock?: number;
  price?: number;
  mode?: "stocked" | "on_demand" | "stocked_or_on_demand";
  status?: "draft" | "live";
  sku?: string | null;
}

/** The store of every variant `seedVariant` made, so `stockOf` reads the database holding it. */
const storeOfVariant = new Map<string, string>();

export async function seedVariant(storeId: string, options: SeedVariant = {}) {
  const now = new Date().toISOString();
  const productId = crypto.randomUUID();
  const variantId = crypto.randomUUID();
  const title = `Mug ${productId.slice(0, 8)}`;
  const sku = options.sku === undefined ? `SKU-${variantId.slice(0, 8)}` : options.sku;
  const db = await storeD1(storeId);
  await db.batch([
    openStockContext(db, storeId),
    db
      .prepare("INSERT INTO products (id, store_id, slug, title, product_type, status, created_at, updated_at) VALUES (?, ?, ?, ?, 'variable', ?, ?, ?)")
      .bind(productId, storeId, `mug-${productId}`, title, options.status ?? "live", now, now),
    db
      .prepare(
        `INSERT INTO product_variants (id, store_id, product_id, title, is_default, sku, sku_lower, price_cents, stock, fulfillment_mode, option_key, created_at, updated_at)
       VALUES (?, ?, ?, 'Blue', 0, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        variantId,
        storeId,
        productId,
        sku,
        sku?.toLowerCase() ?? null,
        options.price ?? 1250,
        options.stock ?? 10,
        options.mode ?? "stocked",
        variantId,
        now,
        now,
      ),
    closeStockContext(db),
  ]);
  storeOfVariant.set(variantId, storeId);
  return { productId, variantId, title: `${title} / Blue`, sku };
}

export const stockOf = async (variantId: string) =>
  (await storeFirst<{ stock: number }>(storeOfVariant.get(variantId)!, "SELECT stock FROM product_variants WHERE id = ?", variantId))!.stock;

export const eventsOf = async (storeId: string, name: string) =>
  (
    await storeAll<{ data: string }>(
      storeId,
      "SELECT json_extract(payload, '$.data') AS data FROM events WHERE store_id = ? AND name = ? ORDER BY id",
      storeId,
      name,
    )
  ).map((r) => JSON.parse(r.data));
