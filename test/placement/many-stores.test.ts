// A user in many stores (docs/api/14b-thousands-of-databases.md, docs/scale.md 7.11): GET /me and GET /stores make at most one query
// per store database plus a constant, never one per store, so a user in 600 stores stays far below the 1,000 D1
// queries of one invocation on a cold isolate. Shown with 12 store databases (the suite's two plus ten of the
// SCALE_DB_nnn bindings of vitest.config.ts, bound here as STORE_DB_003 ... STORE_DB_012), every D1 binding wrapped
// in a counting proxy, and the isolate's placement cache emptied before each counted request.
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { placementCache } from "../../src/placement/store-db";
import { type TestUser, newUser } from "../helpers/api";
import { countingD1, fetchWithEnv } from "../helpers/support";

const bindings = env as unknown as Record<string, D1Database>;
const EXTRA = Array.from({ length: 10 }, (_, i) => String(i + 3).padStart(3, "0"));
const SHARDS = ["STORE_DB_001", "STORE_DB_002", ...EXTRA.map((n) => `STORE_DB_${n}`)];
const wide = { ...Object.fromEntries(EXTRA.map((n) => [`STORE_DB_${n}`, bindings[`SCALE_DB_${n}`]])) } as Record<string, D1Database>;
const d1 = (shard: string) => wide[shard] ?? bindings[shard];

beforeAll(async () => {
  const migrations = (env.TEST_MIGRATIONS as Record<string, Parameters<typeof applyD1Migrations>[1]>).STORE_DB_001;
  for (const n of EXTRA) await applyD1Migrations(bindings[`SCALE_DB_${n}`], migrations);
}, 120_000);

/**
 * `user` in `n` new stores, store i on database i mod 12, written as POST /stores and an accepted invite leave them
 * (the directory's row and index entry; the store, its membership and the user's copy in its database). Every third
 * store the user is a member, not the owner. Oldest first.
 */
async function inStores(user: TestUser, n: number): Promise<Array<{ id: string; name: string; shard: string }>> {
  const base = Date.now() - n * 1000;
  const made = Array.from({ length: n }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Store ${i} of ${n}`,
    shard: SHARDS[i % SHARDS.length],
    at: new Date(base + i * 1000).toISOString(),
    role: i % 3 === 2 ? "member" : "owner",
  }));
  const directory = env.DIRECTORY;
  const rows = made.flatMap((s) => [
    directory
      .prepare("INSERT INTO store_directory (store_id, shard, state, created_at, updated_at) VALUES (?, ?, 'active', ?, ?)")
      .bind(s.id, s.shard, s.at, s.at),
    directory.prepare("INSERT INTO user_stores (user_id, store_id, store_created_at) VALUES (?, ?, ?)").bind(user.id, s.id, s.at),
  ]);
  for (let i = 0; i < rows.length; i += 200) await directory.batch(rows.slice(i, i + 200));
  for (const shard of SHARDS) {
    const db = d1(shard);
    const here = made.filter((s) => s.shard === shard);
    if (here.length === 0) continue;
    await db.batch([
      db
        .prepare("INSERT OR IGNORE INTO users (id, email, email_lower, name, password_hash, created_at) VALUES (?, ?, ?, 'Many', '', ?)")
        .bind(user.id, user.email, user.email.toLowerCase(), here[0].at),
      ...here.flatMap((s) => [
        db.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, ?, ?, ?)").bind(s.id, s.name, user.id, s.at),
        db.prepare("INSERT INTO memberships (store_id, user_id, role, permissions, created_at) VALUES (?, ?, ?, '7', ?)").bind(s.id, user.id, s.role, s.at),
      ]),
    ]);
  }
  return made;
}

/** The environment with the extra databases bound and every D1 binding counted. */
function counted() {
  const counters = Object.fromEntries(["DIRECTORY", ...SHARDS].map((name) => [name, countingD1(d1(name) ?? bindings[name])]));
  const overrides = { ...wide, ...Object.fromEntries(Object.entries(counters).map(([name, c]) => [name, c.db])) } as unknown as Partial<Env>;
  return {
    overrides,
    directory: () => counters.DIRECTORY.counter.queries,
    perShard: () => Object.fromEntries(SHARDS.map((name) => [name, counters[name].counter.queries])),
  };
}

async function get(path: string, user: TestUser) {
  placementCache.clear(); // a cold isolate: no store's place is known
  const c = counted();
  const res = await fetchWithEnv(new Request(`http://api.test${path}`, { headers: { Authorization: `Bearer ${user.jwt}` } }), c.overrides);
  return { status: res.status, body: (await res.json()) as any, directory: c.directory(), perShard: c.perShard() };
}

const SIZES = [1, 100, 600];
const users = new Map<number, { user: TestUser; stores: Awaited<ReturnType<typeof inStores>> }>();

beforeAll(async () => {
  for (const n of SIZES) {
    const user = await newUser(`In ${n} stores`);
    users.set(n, { user, stores: await inStores(user, n) });
  }
}, 120_000);

describe("GET /me for a user in 1, 100 and 600 stores: one query per store database plus a constant", () => {
  it("lists every store, oldest first, with the same directory queries at every size and at most one query on each database", async () => {
    const directoryQueries: number[] = [];
    for (const n of SIZES) {
      const { user, stores } = users.get(n)!;
      const me = await get("/me", user);
      expect(me.status).toBe(200);
      expect(me.body.stores.map((s: { id: string }) => s.id)).toEqual(stores.map((s) => s.id));
      expect(me.body.stores[2 % n]).toMatchObject({ name: stores[2 % n].name, role: n > 2 ? "member" : "owner" });
      const holding = new Set(stores.map((s) => s.shard));
      for (const shard of SHARDS) expect(me.perShard[shard], `${shard} with ${n} stores`).toBe(holding.has(shard) ? 1 : 0);
      directoryQueries.push(me.directory);
    }
    // The constant: the account and the list (with each store's place) - the same for 1 store as for 600.
    expect(new Set(directoryQueries).size).toBe(1);
    expect(directoryQueries[0]).toBeLessThanOrEqual(2);
  });
});

describe("GET /stores for a user in 1, 100 and 600 stores: one query per store database of the page plus a constant", () => {
  it("a page of 100 reads each database once; the pages of 600 give every store once, newest first, with the total", async () => {
    const directoryQueries: number[] = [];
    for (const n of SIZES) {
      const { user, stores } = users.get(n)!;
      const first = await get("/stores?limit=100", user);
      expect(first.status).toBe(200);
      expect(first.body.pagination.total).toBe(n);
      const newest = [...stores].reverse();
      expect(first.body.data.map((s: { id: string }) => s.id)).toEqual(newest.slice(0, 100).map((s) => s.id));
      const holding = new Set(newest.slice(0, 100).map((s) => s.shard));
      for (const shard of SHARDS) expect(first.perShard[shard], `${shard} with ${n} stores`).toBe(holding.has(shard) ? 1 : 0);
      directoryQueries.push(first.directory);
    }
    expect(new Set(directoryQueries).size).toBe(1);
    expect(directoryQueries[0]).toBeLessThanOrEqual(1);
    // Every page of the 600: each store once, and never more than one query per database.
    const { user, stores } = users.get(600)!;
    const seen: string[] = [];
    for (let offset = 0; offset < 600; offset += 100) {
      const page = await get(`/stores?limit=100&offset=${offset}`, user);
      expect(page.body.pagination.total).toBe(600);
      expect(Math.max(...Object.values(page.perShard))).toBeLessThanOrEqual(1);
      expect(page.directory).toBe(directoryQueries[0]);
      seen.push(...page.body.data.map((s: { id: string }) => s.id));
    }
    expect(seen).toEqual([...stores].reverse().map((s) => s.id));
  });
});
