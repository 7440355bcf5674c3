// Stores: creating one makes the caller its owner with every permission bit.
import { and, count, desc, eq } from "drizzle-orm";
import { memberships, stores } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { Ctx, StoreCtx } from "../lib/context";
import { notFound, unauthenticated } from "../lib/errors";
import { type Statement, commit } from "../lib/outbox";
import { nowIso, uuidv7 } from "../lib/ids";
import type { Page } from "../lib/pagination";
import { ALL_PERMISSIONS, permissionFields } from "../lib/permissions";

type StoreRow = typeof stores.$inferSelect;
export const toStore = (s: Pick<StoreRow, "id" | "name" | "createdAt">) => ({ id: s.id, name: s.name, created_at: s.createdAt });

export async function createStore(ctx: Ctx, input: { name: string }) {
  const store = { id: uuidv7(), name: input.name, ownerId: ctx.principal.userId, createdAt: nowIso() };
  const ownerCtx: StoreCtx = {
    ...ctx,
    store: { storeId: store.id, role: "owner", memberPermissions: ALL_PERMISSIONS, permissions: ALL_PERMISSIONS },
  };
  await commitOrUnknownUser(ctx, [
    ctx.db.insert(stores).values(store),
    ctx.db.insert(memberships).values({
      storeId: store.id,
      userId: store.ownerId,
      role: "owner",
      permissions: ALL_PERMISSIONS.toString(),
      createdAt: store.createdAt,
    }),
    auditEntry(ownerCtx, "store.create", "store", store.id),
  ]);
  return { ...toStore(store), role: "owner" as const, ...permissionFields(ALL_PERMISSIONS) };
}

/** A validly signed JWT whose user does not exist (any more) fails the owner foreign key: that is a 401. */
async function commitOrUnknownUser(ctx: Ctx, statements: Statement[]) {
  try {
    await commit(ctx, statements);
  } catch (error) {
    if (String((error as { cause?: unknown })?.cause ?? error).includes("FOREIGN KEY constraint failed")) {
      throw unauthenticated("The account no longer exists");
    }
    throw error;
  }
}

export async function listStores(ctx: Ctx, page: Page) {
  const mine = eq(memberships.userId, ctx.principal.userId);
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select({ id: stores.id, name: stores.name, createdAt: stores.createdAt, role: memberships.role, permissions: memberships.permissions })
      .from(memberships)
      .innerJoin(stores, eq(stores.id, memberships.storeId))
      .where(mine)
      .orderBy(desc(stores.createdAt), desc(stores.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(memberships).where(mine),
  ]);
  const data = rows.map((r) => ({ ...toStore(r), role: r.role, ...permissionFields(BigInt(r.permissions)) }));
  return { data, total };
}

export async function getStore(ctx: StoreCtx) {
  const store = await ctx.db.query.stores.findFirst({ where: and(eq(stores.id, ctx.store.storeId)) });
  if (!store) throw notFound("Store");
  return toStore(store);
}
