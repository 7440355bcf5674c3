// Stores: creating one makes the caller its owner with every permission bit.
import { personOf } from "../access/person";
import { and, eq, lt } from "drizzle-orm";
import { locations, memberships, storeDirectory, stores, userStores } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { Ctx, Db, StoreCtx } from "../lib/context";
import { notFound, unauthenticated } from "../lib/errors";
import { intendedLocation, keyStatement, lostKey } from "../lib/idempotency";
import { commit } from "../events/outbox";
import { chooseShard } from "../placement/placement";
import { dbOf, directoryDb, rememberPlacement, shardBinding } from "../placement/store-db";
import { accountOf, copyUser, memberStores, storesOfUser } from "../placement/directory";
import { nowIso, uuidv7 } from "../lib/ids";
import type { Page } from "../lib/pagination";
import { ALL_PERMISSIONS, permissionFields } from "../lib/permissions";

type StoreRow = typeof stores.$inferSelect;
export const toStore = (s: Pick<StoreRow, "id" | "name" | "createdAt">) => ({ id: s.id, name: s.name, created_at: s.createdAt });

/**
 * A new store, on the database `chooseShard` picks (docs/scale.md section 4). Three writes: the directory says
 * `creating` (with the owner's `user_stores` entry), the store database commits the store, its owner and the audit
 * row, then the directory says `active` (with the request's idempotency key). A failed store batch takes the
 * directory's rows back; a crash between them leaves a `creating` row that no request sees and the cron finishes or
 * removes (`settleCreatingStores`). With an Idempotency-Key, the first write also records the store's Location on
 * the key, so a retry that takes the key over after a crash finishes that store rather than making a second one.
 */
export async function createStore(ctx: Ctx, input: { name: string }, cf?: IncomingRequestCfProperties) {
  const directory = directoryDb(ctx.env);
  const owner = await accountOf(directory, personOf(ctx.principal, "create a store"));
  if (!owner) throw unauthenticated("The account no longer exists");
  const earlier = await earlierAttempt(directory, ctx);
  const shard = earlier?.shard ?? (await chooseShard(ctx.env, cf));
  const store = { id: earlier?.storeId ?? uuidv7(), name: input.name, ownerId: owner.id, createdAt: earlier?.createdAt ?? nowIso() };
  await directory
    .batch([
      directory
        .insert(storeDirectory)
        .values({ storeId: store.id, shard, state: "creating", createdAt: store.createdAt, updatedAt: store.createdAt })
        .onConflictDoNothing(),
      directory.insert(userStores).values({ userId: owner.id, storeId: store.id, storeCreatedAt: store.createdAt }).onConflictDoNothing(),
      ...(ctx.idempotency ? [intendedLocation(directory, ctx.idempotency, `/stores/${store.id}`)] : []),
    ])
    .catch((error: unknown) => {
      throw (ctx.idempotency && lostKey(error)) || error;
    });
  const db = dbOf(shardBinding(ctx.env, shard));
  // The store database's batch carries no idempotency key: the key lives in the directory (a user's scope).
  const ownerCtx: StoreCtx = {
    ...ctx,
    db,
    idempotency: undefined,
    store: { storeId: store.id, role: "owner", memberPermissions: ALL_PERMISSIONS, permissions: ALL_PERMISSIONS },
  };
  const committed = earlier && (await db.query.stores.findFirst({ where: eq(stores.id, store.id) }));
  if (!committed) {
    try {
      await commit(ownerCtx, [
        copyUser(db, owner),
        db.insert(stores).values(store),
        // Every store has exactly one default location (docs/api/20-inventory.md).
        db.insert(locations).values({
          id: uuidv7(),
          storeId: store.id,
          name: "Default",
          code: "default",
          codeLower: "default",
          isDefault: true,
          active: true,
          position: 0,
          createdAt: store.createdAt,
          updatedAt: store.createdAt,
        }),
        db.insert(memberships).values({
          storeId: store.id,
          userId: store.ownerId,
          role: "owner",
          permissions: ALL_PERMISSIONS.toString(),
          createdAt: store.createdAt,
        }),
        auditEntry(ownerCtx, "store.create", "store", store.id),
      ]);
    } catch (error) {
      // Nothing of the store was made: the directory's rows go, and the key is free for a plain retry.
      await forgetCreatingStore(ctx.env, store.id);
      if (ctx.idempotency)
        await intendedLocation(directory, ctx.idempotency, null)
          .run()
          .catch(() => {});
      throw error;
    }
  }
  const activate = directory
    .update(storeDirectory)
    .set({ state: "active", updatedAt: nowIso() })
    .where(and(eq(storeDirectory.storeId, store.id), eq(storeDirectory.state, "creating")));
  await (ctx.idempotency ? directory.batch([keyStatement(directory, ctx.idempotency), activate]) : activate);
  rememberPlacement({ storeId: store.id, shard, state: "active", version: 1 });
  const name = committed ? committed.name : store.name;
  return { ...toStore({ ...store, name }), role: "owner" as const, ...permissionFields(ALL_PERMISSIONS) };
}

/** The store an earlier request with this Idempotency-Key had started, if it is still in the directory. */
async function earlierAttempt(directory: Db, ctx: Ctx) {
  const id = /^\/stores\/([0-9a-f-]{36})$/.exec(ctx.idempotency?.earlierLocation ?? "")?.[1];
  if (!id) return null;
  const row = await directory.query.storeDirectory.findFirst({ where: eq(storeDirectory.storeId, id) });
  return row ?? null;
}

/** Undoes the directory's half of a store whose database write failed (a store being created has only its owner). */
function forgetCreatingStore(env: Env, storeId: string) {
  const directory = directoryDb(env);
  return directory.batch([
    directory.delete(storeDirectory).where(and(eq(storeDirectory.storeId, storeId), eq(storeDirectory.state, "creating"))),
    directory.delete(userStores).where(eq(userStores.storeId, storeId)),
  ]);
}

/** How long a store may stay `creating` before the cron settles it: far beyond any request. */
export const CREATING_MS = 5 * 60 * 1000;

/**
 * The cron's repair of stores left `creating` by a crash: active if the store database has the store, else gone
 * from the directory. Returns how many it settled.
 */
export async function settleCreatingStores(env: Env, now = Date.now()): Promise<number> {
  const directory = directoryDb(env);
  const stuck = await directory
    .select()
    .from(storeDirectory)
    .where(and(eq(storeDirectory.state, "creating"), lt(storeDirectory.updatedAt, nowIso(now - CREATING_MS))))
    .limit(50);
  for (const row of stuck) {
    const db = dbOf(shardBinding(env, row.shard));
    const store = await db.query.stores.findFirst({ where: eq(stores.id, row.storeId) });
    if (store) {
      await directory.update(storeDirectory).set({ state: "active", updatedAt: nowIso() }).where(eq(storeDirectory.storeId, row.storeId));
    } else {
      await forgetCreatingStore(env, row.storeId);
    }
  }
  return stuck.length;
}

/**
 * The caller's stores, newest first: the directory's list with each store's place (one directory batch), then each
 * store's name and the caller's role from its database (one query per database holding any of the page's stores).
 */
export async function listStores(ctx: Ctx, page: Page) {
  const userId = personOf(ctx.principal, "list a person's stores");
  const { stores: listed, total } = await storesOfUser(ctx.env, userId, "newest", page);
  const found = await memberStores(
    ctx.env,
    userId,
    listed.map((s) => s.placement),
  );
  const data = listed.flatMap((r) => {
    const s = found.get(r.storeId);
    return s ? [{ ...toStore(s), role: s.role, ...permissionFields(BigInt(s.permissions)) }] : [];
  });
  // An index entry the store database does not confirm (a membership change that crashed halfway) is not counted.
  return { data, total: total - (listed.length - data.length) };
}

const toStoreSettings = (s: StoreRow) => ({ ...toStore(s), currency: s.currency, timezone: s.timezone });

export async function getStore(ctx: StoreCtx) {
  const store = await ctx.db.query.stores.findFirst({ where: and(eq(stores.id, ctx.store.storeId)) });
  if (!store) throw notFound("Store");
  return toStoreSettings(store);
}

/** PATCH: name, currency, time zone; audited as `store.update` in the same batch. */
export async function updateStore(ctx: StoreCtx, input: { name?: string; currency?: string; timezone?: string }) {
  const current = await ctx.db.query.stores.findFirst({ where: eq(stores.id, ctx.store.storeId) });
  if (!current) throw notFound("Store");
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length > 0) {
    await commit(ctx, [
      ctx.db.update(stores).set(changes).where(eq(stores.id, ctx.store.storeId)),
      auditEntry(ctx, "store.update", "store", ctx.store.storeId, { fields: Object.keys(changes) }),
    ]);
  }
  return toStoreSettings({ ...current, ...changes });
}
