// Locations (docs/inventory.md "Locations"): create, list by position, read, change, delete. Every rule that a
// concurrent request could break between the read and the write is re-checked inside the change's batch: the cap
// (a guard), the code's uniqueness (the unique index), "exactly one default" (the partial unique index, and the
// CHECK that the default is active), "no stock where a location is deleted" (a guard). A lost race rolls the batch
// back and is answered as if it had come second.
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { inventoryLevels, locations } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { isCheckViolation, isUniqueViolationOf } from "../lib/db";
import { conflict, limitExceeded, notFound } from "../lib/errors";
import { exists, failedGuard, guarded, stillExists, stillHolds, withinCap } from "../lib/guards";
import { isUuid, nowIso, uuidv7 } from "../lib/ids";
import type { Page } from "../lib/pagination";
import { type Statement, commit } from "../events/outbox";
import { productsOfLocationUpdated } from "./location-events";
import { type CreateLocationInput, LOCATIONS_CAP, type UpdateLocationInput } from "./schemas";

export type LocationRow = typeof locations.$inferSelect;

export const toLocation = (r: LocationRow) => ({
  id: r.id,
  store_id: r.storeId,
  name: r.name,
  code: r.code,
  is_default: r.isDefault,
  active: r.active,
  position: r.position,
  created_at: r.createdAt,
  updated_at: r.updatedAt,
});

const inStore = (ctx: StoreCtx, id: string) => and(eq(locations.id, id), eq(locations.storeId, ctx.store.storeId))!;
const ofStore = (ctx: StoreCtx) => eq(locations.storeId, ctx.store.storeId);

/** The location of this store; 404 for unknown ids, malformed ids and other stores' locations alike. */
async function getLocationRow(ctx: StoreCtx, id: string): Promise<LocationRow> {
  if (!isUuid(id)) throw notFound("Location");
  const row = await ctx.db.query.locations.findFirst({ where: inStore(ctx, id) });
  if (!row) throw notFound("Location");
  return row;
}

const selectLocation = (ctx: StoreCtx, id: string) => ctx.db.select().from(locations).where(inStore(ctx, id));

const codeTaken = (code: string) => conflict(`The code "${code}" is already used by another location of this store (codes are compared case-insensitively)`);

/** Commits a batch whose last statement is `selectLocation`; a failed guard is the answer given for its kind. */
async function commitReturningLocation(ctx: StoreCtx, statements: Statement[], code?: string, onConflict?: () => Promise<never>) {
  try {
    const results = await guarded(commit(ctx, statements), {
      not_found: () => notFound("Location"),
      limit: () => limitExceeded(`A store has at most ${LOCATIONS_CAP} locations`),
    });
    const [row] = results[results.length - 1] as LocationRow[];
    if (!row) throw notFound("Location");
    return toLocation(row);
  } catch (error) {
    if (code !== undefined && isUniqueViolationOf(error, "locations.code_lower")) throw codeTaken(code);
    if (onConflict && isLostRace(error)) return onConflict();
    throw error;
  }
}

/** The default flag or the active flag changed meanwhile (a guard, the partial unique index, the CHECK). */
const isLostRace = (error: unknown) =>
  failedGuard(error) === "conflict" || isCheckViolation(error, "locations_default_active") || isUniqueViolationOf(error, "locations.store_id");

export async function createLocation(ctx: StoreCtx, input: CreateLocationInput) {
  const id = uuidv7();
  const now = nowIso();
  const storeId = ctx.store.storeId;
  return commitReturningLocation(
    ctx,
    [
      withinCap(ctx.db, sql`(SELECT count(*) FROM ${locations} WHERE ${locations.storeId} = ${storeId}) < ${LOCATIONS_CAP}`),
      ctx.db.insert(locations).values({
        id,
        storeId,
        name: input.name,
        code: input.code,
        codeLower: input.code.toLowerCase(),
        isDefault: false,
        active: input.active ?? true,
        position: sql`(SELECT coalesce(max(position) + 1, 0) FROM locations WHERE store_id = ${storeId})`,
        createdAt: now,
        updatedAt: now,
      }),
      auditEntry(ctx, "location.create", "location", id, { code: input.code }),
      selectLocation(ctx, id),
    ],
    input.code,
  );
}

export async function getLocation(ctx: StoreCtx, id: string) {
  return toLocation(await getLocationRow(ctx, id));
}

/** Every location by position (the cap is 50, so `limit=100` returns them all). */
export async function listLocations(ctx: StoreCtx, page: Page) {
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db.select().from(locations).where(ofStore(ctx)).orderBy(asc(locations.position), asc(locations.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ total: count() }).from(locations).where(ofStore(ctx)),
  ]);
  return { data: rows.map(toLocation), total };
}

/**
 * Moving location `id` to `position` (at most the last): the others between its old and new place shift by one.
 * Both computed from the rows as the batch sees them, so concurrent moves keep the positions 0..n-1.
 */
function moveTo(ctx: StoreCtx, id: string, position: number, now: string): Statement[] {
  const storeId = ctx.store.storeId;
  const old = sql`(SELECT position FROM locations WHERE id = ${id})`;
  const target = sql`min(${position}, (SELECT count(*) FROM locations WHERE store_id = ${storeId}) - 1)`;
  return [
    ctx.db
      .update(locations)
      .set({
        position: sql`position + CASE WHEN position < ${old} THEN 1 ELSE -1 END`,
        updatedAt: now,
      })
      .where(and(ofStore(ctx), ne(locations.id, id), sql`position BETWEEN min(${old}, ${target}) AND max(${old}, ${target})`)),
    ctx.db.update(locations).set({ position: target, updatedAt: now }).where(inStore(ctx, id)),
  ];
}

export async function updateLocation(ctx: StoreCtx, id: string, input: UpdateLocationInput) {
  const row = await getLocationRow(ctx, id);
  refuseDefaultRules(row, input);
  const becomesDefault = input.is_default === true && !row.isDefault;
  const now = nowIso();
  const changes: Partial<typeof locations.$inferInsert> = {};
  if (input.name !== undefined && input.name !== row.name) changes.name = input.name;
  if (input.code !== undefined && input.code !== row.code) Object.assign(changes, { code: input.code, codeLower: input.code.toLowerCase() });
  if (input.active !== undefined && input.active !== row.active) changes.active = input.active;
  const moves = input.position !== undefined && input.position !== row.position;
  if (Object.keys(changes).length === 0 && !becomesDefault && !moves) return toLocation(row);
  const statements: Statement[] = [stillExists(ctx.db, exists(sql`${locations}`, inStore(ctx, id)))];
  // Deactivating: the location must not have become the default meanwhile (the CHECK would refuse it too).
  if (changes.active === false)
    statements.push(stillHolds(ctx.db, sql`NOT ${exists(sql`${locations}`, and(inStore(ctx, id), eq(locations.isDefault, true))!)}`));
  if (Object.keys(changes).length > 0)
    statements.push(
      ctx.db
        .update(locations)
        .set({ ...changes, updatedAt: now })
        .where(inStore(ctx, id)),
    );
  // The flag moves in two statements: the partial unique index allows one default per store at any moment.
  if (becomesDefault) {
    statements.push(
      ctx.db
        .update(locations)
        .set({ isDefault: false, updatedAt: now })
        .where(and(ofStore(ctx), eq(locations.isDefault, true), ne(locations.id, id))),
      ctx.db.update(locations).set({ isDefault: true, updatedAt: now }).where(inStore(ctx, id)),
    );
  }
  if (moves) statements.push(...moveTo(ctx, id, input.position!, now));
  if (changes.active !== undefined) statements.push(...productsOfLocationUpdated(ctx, id));
  statements.push(
    auditEntry(ctx, "location.update", "location", id, { changed: Object.keys(input).filter((k) => (input as Record<string, unknown>)[k] !== undefined) }),
    selectLocation(ctx, id),
  );
  return commitReturningLocation(ctx, statements, input.code, async () => {
    // It became the default, or stopped being active, meanwhile: answer from what it is now.
    refuseDefaultRules(await getLocationRow(ctx, id), input);
    throw conflict("The location changed meanwhile; nothing was applied");
  });
}

/** 409 for a change that would leave the store without its one active default location. */
function refuseDefaultRules(row: LocationRow, input: UpdateLocationInput) {
  if (input.is_default === false && row.isDefault) {
    throw conflict("A store always has exactly one default location: make another location the default instead");
  }
  const isDefault = row.isDefault || input.is_default === true;
  if (isDefault && input.active === false) throw conflict("The default location cannot be made inactive");
  if (isDefault && !row.active && input.active !== true) {
    throw conflict('An inactive location cannot be the default: make it active too ("active": true)');
  }
}

/** The stock a location holds: a location holding any on_hand or committed cannot be deleted. */
const stockAt = (ctx: StoreCtx, id: string) =>
  ctx.db
    .select({ onHand: sql<number>`coalesce(sum(${inventoryLevels.onHand}), 0)`, committed: sql<number>`coalesce(sum(${inventoryLevels.committed}), 0)` })
    .from(inventoryLevels)
    .where(eq(inventoryLevels.locationId, id));

async function refuseDelete(ctx: StoreCtx, row: LocationRow) {
  if (row.isDefault) throw conflict("The default location cannot be deleted: make another location the default first");
  const [held] = await stockAt(ctx, row.id);
  if (held.onHand > 0 || held.committed > 0) {
    throw conflict(
      `The location holds stock (${held.onHand} on hand, ${held.committed} committed): transfer it elsewhere or adjust it to 0 before deleting the location`,
    );
  }
}

/** 204; its levels (all at 0 and 0) go with it, its ledger entries stay. */
export async function deleteLocation(ctx: StoreCtx, id: string) {
  const row = await getLocationRow(ctx, id);
  await refuseDelete(ctx, row);
  const storeId = ctx.store.storeId;
  try {
    await guarded(
      commit(ctx, [
        stillExists(ctx.db, exists(sql`${locations}`, inStore(ctx, id))),
        stillHolds(
          ctx.db,
          sql`NOT EXISTS (SELECT 1 FROM locations WHERE id = ${id} AND is_default = 1)
            AND NOT EXISTS (SELECT 1 FROM inventory_levels WHERE location_id = ${id} AND (on_hand > 0 OR committed > 0))`,
        ),
        // Close the gap: the locations after it move up one.
        ctx.db
          .update(locations)
          .set({ position: sql`position - 1` })
          .where(and(eq(locations.storeId, storeId), sql`position > (SELECT position FROM locations WHERE id = ${id})`)),
        ctx.db.delete(locations).where(inStore(ctx, id)),
        auditEntry(ctx, "location.delete", "location", id, { code: row.code }),
      ]),
      { not_found: () => notFound("Location") },
    );
  } catch (error) {
    if (failedGuard(error) !== "conflict") throw error;
    // It became the default, or received stock, meanwhile: the answer it would have had coming second.
    await refuseDelete(ctx, await getLocationRow(ctx, id));
    throw conflict("The location changed meanwhile; nothing was deleted");
  }
}
