// Slugs: lowercase ASCII words joined by "-", unique per store. A derived slug that is taken gets the next free
// "-2", "-3", ... suffix; an explicit slug that is taken is the client's conflict (409).
import { and, eq, gte, lt, or } from "drizzle-orm";
import { products } from "../db/schema";
import type { StoreCtx } from "../lib/context";

const MAX_BASE = 80;

/** "Crème Brûlée & Co." → "creme-brulee-co"; titles with no ASCII letters or digits → "product". */
export function slugify(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_BASE) break;
    slug = next;
  }
  return slug || words[0]?.slice(0, MAX_BASE) || "product";
}

/** The first free slug for `base` in the store: base, base-2, base-3, ... (an index range read: "." sorts right after "-"). */
export async function nextFreeSlug(ctx: StoreCtx, base: string): Promise<string> {
  const rows = await ctx.db
    .select({ slug: products.slug })
    .from(products)
    .where(and(eq(products.storeId, ctx.store.storeId), or(eq(products.slug, base), and(gte(products.slug, `${base}-`), lt(products.slug, `${base}.`)))));
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
