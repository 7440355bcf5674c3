// What adjustments and transfers name, found in one read (docs/inventory.md "Adjustments and transfers"): the
// store's variants by id or SKU, its locations by id or code, and the current levels of those variants there. The
// services check every item against it, so one 422 names every bad item; the change's batch then re-checks what
// could have changed meanwhile.
import { sql } from "drizzle-orm";
import type { StoreCtx } from "../lib/context";
import type { FieldError } from "../lib/errors";
import type { Statement } from "../events/outbox";
import { stillExists } from "../lib/guards";

export interface VariantFound {
  id: string;
  product_id: string;
  sku_lower: string | null;
}

export interface LocationFound {
  id: string;
  code: string;
  code_lower: string;
  active: number;
}

export interface Found {
  variants: VariantFound[];
  locations: LocationFound[];
  /** The levels of the found variants at the found locations (a missing one is 0 and 0). */
  levels: Array<{ variant_id: string; location_id: string; on_hand: number; committed: number }>;
}

/** The ids and keys a request names (SKUs and codes are compared lowercased). */
export interface Wanted {
  variantIds: string[];
  skus: string[];
  locationIds: string[];
  codes: string[];
}

/** One round trip: the named variants and locations of this store, and their levels. */
export async function lookUp(ctx: StoreCtx, wanted: Wanted): Promise<Found> {
  const storeId = ctx.store.storeId;
  const json = (values: string[]) => JSON.stringify([...new Set(values)]);
  const variants = sql`SELECT id, product_id, sku_lower FROM product_variants WHERE store_id = ${storeId}
    AND (id IN (SELECT value FROM json_each(${json(wanted.variantIds)})) OR sku_lower IN (SELECT value FROM json_each(${json(wanted.skus.map((s) => s.toLowerCase()))})))`;
  const places = sql`SELECT id, code, code_lower, active FROM locations WHERE store_id = ${storeId}
    AND (id IN (SELECT value FROM json_each(${json(wanted.locationIds)})) OR code_lower IN (SELECT value FROM json_each(${json(wanted.codes.map((c) => c.toLowerCase()))})))`;
  const row = await ctx.db.get<{ variants: string; locations: string; levels: string }>(sql`WITH v AS (${variants}), l AS (${places})
    SELECT (SELECT json_group_array(json_object('id', id, 'product_id', product_id, 'sku_lower', sku_lower)) FROM v) AS variants,
      (SELECT json_group_array(json_object('id', id, 'code', code, 'code_lower', code_lower, 'active', active)) FROM l) AS locations,
      (SELECT json_group_array(json_object('variant_id', il.variant_id, 'location_id', il.location_id, 'on_hand', il.on_hand, 'committed', il.committed))
        FROM inventory_levels il WHERE il.variant_id IN (SELECT id FROM v) AND il.location_id IN (SELECT id FROM l)) AS levels`);
  return { variants: JSON.parse(row.variants), locations: JSON.parse(row.locations), levels: JSON.parse(row.levels) };
}

/** Lookups by what a request names, and the level of a (variant, location) pair. */
export function indexOf(found: Found) {
  const variantsById = new Map(found.variants.map((v) => [v.id, v]));
  const variantsBySku = new Map(found.variants.flatMap((v) => (v.sku_lower ? [[v.sku_lower, v] as const] : [])));
  const locationsById = new Map(found.locations.map((l) => [l.id, l]));
  const locationsByCode = new Map(found.locations.map((l) => [l.code_lower, l]));
  const levels = new Map(found.levels.map((l) => [`${l.variant_id}/${l.location_id}`, l]));
  return {
    variant: (item: { variant_id?: string; sku?: string }) =>
      item.variant_id !== undefined ? variantsById.get(item.variant_id) : variantsBySku.get(item.sku!.toLowerCase()),
    location: (idValue: string | undefined, code: string | undefined) =>
      idValue !== undefined ? locationsById.get(idValue) : locationsByCode.get(code!.toLowerCase()),
    level: (variantId: string, locationId: string) => levels.get(`${variantId}/${locationId}`) ?? { on_hand: 0, committed: 0 },
  };
}

/** Collects `path: message` errors. */
export function errorList() {
  const errors: FieldError[] = [];
  return { errors, at: (path: string, message: string) => void errors.push({ path, message }) };
}

/** In the change's batch: every variant and location it names is still this store's (a concurrent delete fails it). */
export function targetsStillThere(ctx: StoreCtx, variantIds: string[], locationIds: string[]): Statement {
  const storeId = ctx.store.storeId;
  return stillExists(
    ctx.db,
    sql`(SELECT count(*) FROM product_variants WHERE store_id = ${storeId} AND id IN (SELECT value FROM json_each(${JSON.stringify([...new Set(variantIds)])})))
        = ${new Set(variantIds).size}
      AND (SELECT count(*) FROM locations WHERE store_id = ${storeId} AND id IN (SELECT value FROM json_each(${JSON.stringify([...new Set(locationIds)])})))
        = ${new Set(locationIds).size}`,
  );
}
