// Product reads with a price context (docs/api/24-prices.md): with `currency` (and `country`, `customer_id`), each
// variant of the answer carries `calculated_price` for quantity 1, resolved by the one rule (./resolve.ts) in one
// more round trip. Without `currency` the answer is exactly what it was.
import type { Db } from "../lib/types";
import { type ContextInput, priceContextOf, withCalculatedPrices } from "./resolve.service";

type Product = { variants?: Array<{ id: string; calculated_price?: unknown }> };

/** The product JSON text (`one`) or page JSON text (`page`) with calculated prices. */
export async function withPriceContext(db: Db, storeId: string, permissions: bigint, input: ContextInput, json: string, shape: "one" | "page") {
  const context = await priceContextOf(db, storeId, permissions, input);
  const parsed = JSON.parse(json) as Product | { data: Product[] };
  const products = shape === "one" ? [parsed as Product] : (parsed as { data: Product[] }).data;
  await withCalculatedPrices(db, context, products);
  return JSON.stringify(parsed);
}
