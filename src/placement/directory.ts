// The directory's copies of what the store databases decide (docs/scale.md section 2): which stores a user belongs
// to (`user_stores`), which store a PAT, an integration key or an invite token belongs to (`token_index`,
// `integration_key_index`, `invite_index`). The store
// database is the authority; these only find it. So an entry is written before the store's own row exists and
// removed after the store's row is gone: every index is a superset, and every hit is checked in the store database.
// A superset entry left by a failed change costs one wasted lookup, never access.
import { eq, sql } from "drizzle-orm";
import { users } from "../db/schema";
import type { Db } from "../lib/context";
import { type Placement, type StoreState, rememberPlacement, shardBinding } from "./store-db";

export async function indexToken(env: Env, tokenHash: string, storeId: string): Promise<void> {
  await env.DIRECTORY.prepare("INSERT OR REPLACE INTO token_index (token_hash, store_id) VALUES (?, ?)").bind(tokenHash, storeId).run();
}

/** An integration key's hash (each value a rotation makes) → its store (docs/api/16-integrations.md), like `indexToken`. */
export async function indexIntegrationKey(env: Env, keyHash: string, storeId: string): Promise<void> {
  await env.DIRECTORY.prepare("INSERT OR REPLACE INTO integration_key_index (key_hash, store_id) VALUES (?, ?)").bind(keyHash, storeId).run();
}

export async function indexInvite(env: Env, tokenHash: string, storeId: string): Promise<void> {
  await env.DIRECTORY.prepare("INSERT OR REPLACE INTO invite_index (token_hash, store_id) VALUES (?, ?)").bind(tokenHash, storeId).run();
}

/** The store an invite token belongs to, if any. */
export async function invitedStore(env: Env, tokenHash: string): Promise<string | null> {
  const row = await env.DIRECTORY.prepare("SELECT store_id FROM invite_index WHERE token_hash = ?").bind(tokenHash).first<{ store_id: string }>();
  return row?.store_id ?? null;
}

export const addUserStore = (env: Env, userId: string, storeId: string, storeCreatedAt: string) =>
  env.DIRECTORY.prepare("INSERT OR IGNORE INTO user_stores (user_id, store_id, store_created_at) VALUES (?, ?, ?)").bind(userId, storeId, storeCreatedAt).run();

export const removeUserStore = (env: Env, userId: string, storeId: string) =>
  env.DIRECTORY.prepare("DELETE FROM user_stores WHERE user_id = ? AND store_id = ?").bind(userId, storeId).run();

/**
 * The statement that keeps a store database's copy of a member's user row (id, email, name; never the password):
 * its memberships, tokens and audit rows refer to it, and the members list shows it.
 */
export const copyUser = (db: Db, user: Pick<typeof users.$inferSelect, "id" | "email" | "emailLower" | "name" | "createdAt">) =>
  db
    .insert(users)
    .values({ id: user.id, email: user.email, emailLower: user.emailLower, name: user.name, passwordHash: "", createdAt: user.createdAt })
    .onConflictDoUpdate({ target: users.id, set: { email: sql`excluded.email`, emailLower: sql`excluded.email_lower`, name: sql`excluded.name` } });

/** The directory's user row (the account), or undefined. */
export const accountOf = (directory: Db, userId: string) => directory.query.users.findFirst({ where: eq(users.id, userId) });

export interface MemberStore {
  id: string;
  name: string;
  createdAt: string;
  role: "owner" | "member";
  permissions: string;
}

/**
 * A user's stores from the directory's list, each with where the directory says it is, in ONE directory query
 * (user_stores joined with store_directory), however many stores: never a placement lookup per store. `placement` is
 * null for a store still being created or gone from the directory (left out by `memberStores`). Oldest first, or
 * newest first for GET /stores; `page` limits the list and adds the user's total (same batch).
 */
export async function storesOfUser(
  env: Env,
  userId: string,
  order: "oldest" | "newest",
  page?: { limit: number; offset: number },
): Promise<{ stores: Array<{ storeId: string; placement: Placement | null }>; total: number }> {
  const dir = order === "oldest" ? "ASC" : "DESC";
  const list = env.DIRECTORY.prepare(
    `SELECT u.store_id AS store_id, d.shard AS shard, d.state AS state, d.version AS version
     FROM user_stores u LEFT JOIN store_directory d ON d.store_id = u.store_id
     WHERE u.user_id = ? ORDER BY u.store_created_at ${dir}, u.store_id ${dir} LIMIT ? OFFSET ?`,
  ).bind(userId, page?.limit ?? -1, page?.offset ?? 0);
  type Row = { store_id: string; shard: string | null; state: StoreState | null; version: number | null };
  let rows: Row[];
  let total: number;
  if (page) {
    const count = env.DIRECTORY.prepare("SELECT count(*) AS total FROM user_stores WHERE user_id = ?").bind(userId);
    const [listed, counted] = await env.DIRECTORY.batch<Record<string, unknown>>([list, count]);
    rows = listed.results as Row[];
    total = (counted.results[0] as { total: number }).total;
  } else {
    rows = (await list.all<Row>()).results;
    total = rows.length;
  }
  const stores = rows.map((row) => {
    if (!row.shard || !row.state || row.state === "creating") return { storeId: row.store_id, placement: null };
    const placement: Placement = { storeId: row.store_id, shard: row.shard, state: row.state, version: row.version ?? 1 };
    rememberPlacement(placement);
    return { storeId: row.store_id, placement };
  });
  return { stores, total };
}

/**
 * `userId`'s membership in each of the stores placed by `placements`, read from the databases holding them: ONE query
 * per database (all at once), whatever the number of stores there; the ids travel as one JSON parameter, so D1's 100
 * bound parameters never split a database's read. A store where the user is not a member (a stale index entry) or
 * that no longer exists is left out.
 */
export async function memberStores(env: Env, userId: string, placements: Array<Placement | null>): Promise<Map<string, MemberStore>> {
  const byShard = new Map<string, string[]>();
  for (const p of placements) if (p) byShard.set(p.shard, [...(byShard.get(p.shard) ?? []), p.storeId]);
  const found = new Map<string, MemberStore>();
  await Promise.all(
    [...byShard].map(async ([shard, ids]) => {
      const { results } = await shardBinding(env, shard)
        .prepare(
          `SELECT s.id AS id, s.name AS name, s.created_at AS createdAt, m.role AS role, m.permissions AS permissions
           FROM memberships m INNER JOIN stores s ON s.id = m.store_id
           WHERE m.user_id = ? AND m.store_id IN (SELECT value FROM json_each(?))`,
        )
        .bind(userId, JSON.stringify(ids))
        .all<MemberStore>();
      for (const row of results) found.set(row.id, row);
    }),
  );
  return found;
}
