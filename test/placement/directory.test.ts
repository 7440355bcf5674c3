// One directory, many store databases (docs/scale.md section 2): what the split promises a client. New stores are
// spread over the store databases; a token or a session works the same whichever database holds its store, and a
// PAT never opens another store, on its database or another; GET /me and GET /stores list stores from every
// database; a logout counts on the next request on any store's path.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type TestUser, addMember, call, newStore, newToken, newUser } from "../helpers/api";
import { shardOf, storeShardNames } from "../helpers/databases";
import { newStoreOnEachShard } from "../helpers/spread";
import { crc32 } from "../helpers/support";

/** Stores per store database, as the directory counts them. */
async function storesPerShard(): Promise<Record<string, number>> {
  const { results } = await env.DIRECTORY.prepare("SELECT shard, count(*) AS n FROM store_directory GROUP BY shard").all<{ shard: string; n: number }>();
  return Object.fromEntries(storeShardNames().map((name) => [name, results.find((r) => r.shard === name)?.n ?? 0]));
}

/** `user` creates stores until they have at least `n` and every store database holds one of them; oldest first. */
async function storesOfOneUserOnEveryShard(user: TestUser, n: number): Promise<Array<{ id: string; name: string; shard: string }>> {
  const made: Array<{ id: string; name: string; shard: string }> = [];
  while (made.length < n || new Set(made.map((s) => s.shard)).size < storeShardNames().length) {
    if (made.length > n + 8) throw new Error("placement never used every store database");
    const name = `Shop ${made.length + 1}`;
    const res = await call("POST", "/stores", { token: user.jwt, body: { name } });
    expect(res.status).toBe(201);
    made.push({ id: res.body.id, name, shard: await shardOf(res.body.id) });
  }
  return made;
}

/** A PAT value with a correct checksum that no one was issued: only a database can refuse it. */
function forgedPat(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes.subarray(0, 28));
  new DataView(bytes.buffer).setUint32(28, crc32(bytes.subarray(0, 28)));
  return `bod_${btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "")}`;
}

describe("new stores are spread over the store databases: the one with the fewest stores takes the next", () => {
  it("4 stores in a row use both databases, each going where the fewest stores were", async () => {
    expect(storeShardNames().length).toBeGreaterThanOrEqual(2);
    const used = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const before = await storesPerShard();
      const fewest = Math.min(...Object.values(before));
      const store = await newStore();
      const shard = await shardOf(store.id);
      expect(before[shard], `store ${i + 1} went to ${shard} (${JSON.stringify(before)})`).toBe(fewest);
      used.add(shard);
    }
    expect([...used].sort()).toEqual(storeShardNames());
  });

  it("a store's rows are in its own database only: its row, its owner's membership and the owner's copy without a password", async () => {
    for (const store of await newStoreOnEachShard()) {
      const shard = await shardOf(store.id);
      for (const name of storeShardNames()) {
        const db = (env as unknown as Record<string, D1Database>)[name];
        const row = await db.prepare("SELECT id FROM stores WHERE id = ?").bind(store.id).first();
        const member = await db.prepare("SELECT role FROM memberships WHERE store_id = ? AND user_id = ?").bind(store.id, store.owner.id).first();
        expect(row !== null, `${store.id} in ${name}`).toBe(name === shard);
        expect(member, `${store.id} membership in ${name}`).toEqual(name === shard ? { role: "owner" } : null);
      }
      const db = (env as unknown as Record<string, D1Database>)[shard];
      expect(await db.prepare("SELECT password_hash FROM users WHERE id = ?").bind(store.owner.id).first()).toEqual({ password_hash: "" });
    }
  });
});

describe("a PAT only opens its own store, whichever databases the stores are on", () => {
  it("a PAT of a store on one database, used on a store on the other: 403 on plain and batched routes; its own store: 200", async () => {
    const [a, b] = await newStoreOnEachShard();
    expect(await shardOf(a.id)).not.toBe(await shardOf(b.id));
    const pat = await newToken(a.id, a.owner.jwt, ["products.read"]);
    for (const path of [`/stores/${b.id}`, `/stores/${b.id}/products`, `/stores/${b.id}/members`]) {
      const res = await call("GET", path, { token: pat.token });
      expect(res.status, path).toBe(403);
      expect(res.body.code, path).toBe("forbidden");
    }
    expect((await call("POST", `/stores/${b.id}/products`, { token: pat.token, body: { title: "Intruder", product_type: "single" } })).status).toBe(403);
    expect((await call("GET", `/stores/${a.id}/products`, { token: pat.token })).status).toBe(200);
    expect((await call("GET", `/stores/${b.id}/products`, { token: b.owner.jwt })).body.data).toEqual([]);
  });

  it("a revoked PAT and one never issued are 401 on any store's path, on either database", async () => {
    const [a, b] = await newStoreOnEachShard();
    const revoked = await newToken(a.id, a.owner.jwt, ["products.read"]);
    expect((await call("DELETE", `/stores/${a.id}/api-tokens/${revoked.id}`, { token: a.owner.jwt })).status).toBe(204);
    for (const token of [revoked.token, forgedPat()]) {
      for (const path of [`/stores/${a.id}`, `/stores/${a.id}/products`, `/stores/${b.id}`, `/stores/${b.id}/products`, "/me"]) {
        const res = await call("GET", path, { token });
        expect(res.status, `${path} ${token === revoked.token ? "revoked" : "forged"}`).toBe(401);
        expect(res.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
      }
    }
  });
});

describe("GET /me lists the caller's stores from every database", () => {
  it("through a session JWT: every store of the user, oldest first, owner and member alike", async () => {
    const user = await newUser();
    const own = await storesOfOneUserOnEveryShard(user, 2);
    const other = await newStore();
    const invitedTo = await newStore();
    const member = await addMember(invitedTo, ["products.read"]);
    const me = await call("GET", "/me", { token: user.jwt });
    expect(me.status).toBe(200);
    expect(me.body.stores.map((s: any) => [s.id, s.name, s.role])).toEqual(own.map((s) => [s.id, s.name, "owner"]));
    expect(me.body.stores.map((s: any) => s.id)).not.toContain(other.id);
    const theirs = await call("GET", "/me", { token: member.jwt });
    expect(theirs.body.stores).toEqual([expect.objectContaining({ id: invitedTo.id, role: "member", permission_names: ["products.read"] })]);
  });

  it("through a PAT (found through the directory's token index): the token's one store, with the token's permission", async () => {
    const user = await newUser();
    const own = await storesOfOneUserOnEveryShard(user, 2);
    for (const store of own) {
      const pat = await newToken(store.id, user.jwt, ["products.read"]);
      const me = await call("GET", "/me", { token: pat.token });
      expect(me.status, store.shard).toBe(200);
      expect(me.body.id).toBe(user.id);
      expect(me.body.stores, store.shard).toEqual([
        expect.objectContaining({ id: store.id, name: store.name, role: "owner", permission_names: ["products.read"] }),
      ]);
    }
  });
});

describe("GET /stores pages through the caller's stores on every database, newest first, with the total", () => {
  it("pages of 2 over 5 stores on both databases give each store once, newest first, total 5 on every page", async () => {
    const user = await newUser();
    const own = await storesOfOneUserOnEveryShard(user, 5);
    const newestFirst = own.map((s) => s.id).reverse();
    const seen: string[] = [];
    for (let offset = 0; offset < own.length + 2; offset += 2) {
      const page = await call("GET", `/stores?limit=2&offset=${offset}`, { token: user.jwt });
      expect(page.status).toBe(200);
      expect(page.body.pagination).toEqual({ limit: 2, offset, total: own.length });
      expect(page.body.data.every((s: any) => s.role === "owner")).toBe(true);
      seen.push(...page.body.data.map((s: any) => s.id));
    }
    expect(seen).toEqual(newestFirst);
  });
});

describe("a logout counts on the next request on a store's path, whichever database holds the store", () => {
  it("the logged-out JWT is 401 on plain and batched routes of stores on both databases; another session of the user is not", async () => {
    const user = await newUser();
    const own = await storesOfOneUserOnEveryShard(user, 2);
    const other = (await call("POST", "/login", { body: { email: user.email, password: user.password } })).body.token as string;
    const paths = own.flatMap((s) => [`/stores/${s.id}`, `/stores/${s.id}/products`, `/stores/${s.id}/members`]);
    for (const path of paths) expect((await call("GET", path, { token: user.jwt })).status, path).toBe(200);
    expect((await call("POST", "/logout", { token: user.jwt })).status).toBe(204);
    for (const path of paths) {
      expect((await call("GET", path, { token: user.jwt })).status, path).toBe(401);
      expect((await call("GET", path, { token: other })).status, path).toBe(200);
    }
    const write = await call("POST", `/stores/${own[0].id}/products`, { token: user.jwt, body: { title: "After logout", product_type: "single" } });
    expect(write.status).toBe(401);
  });
});
