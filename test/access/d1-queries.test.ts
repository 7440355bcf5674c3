// Verification cost and freshness: a PAT check is one indexed D1 query (token and membership together) on the
// database holding the path's store, made on a session that starts at the primary; the directory is not asked
// while this isolate knows where the store is (docs/scale.md section 2). A session JWT adds no D1 query: whether it was
// logged out is its user's session object's answer (src/access/session-object.ts), sent beside the store database's
// membership lookup, not after it (docs/scale.md section 7.3). A bad checksum costs no
// query at all. On the catalog's hot reads the store's query travels in one batch with the read: one round trip
// per request, sent on the binding (which D1 routes to the primary) since a session has nothing to add to a single
// round trip. Counted with a Proxy around every D1 binding.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { call, newStore, newToken } from "../helpers/api";
import { shardOf, storeD1, storeShardNames } from "../helpers/databases";
import { type QueryLog, countingD1, countingSessions, overlapped, sha256Hex } from "../helpers/support";

const bindings = env as unknown as Record<string, D1Database>;

/**
 * One request with every D1 binding counted. `queries`, `statements` and `sessions`: the database holding the path's
 * store; `directory`: the directory's; `elsewhere`: the other store databases' query count.
 */
async function countQueries(path: string, token?: string) {
  const storeId = /^\/stores\/([0-9a-f-]{36})/.exec(path)?.[1];
  const shard = storeId ? await shardOf(storeId) : null;
  const log: QueryLog = [];
  const sessions: unknown[] = [];
  const counted = Object.fromEntries(
    ["DIRECTORY", ...storeShardNames()].map((name) => {
      const { db, counter } = countingD1(bindings[name], { name, events: log });
      const withSession = db.withSession.bind(db);
      const tracked = new Proxy(db, {
        get(target, prop) {
          if (prop === "withSession") {
            return (constraint: string) => {
              sessions.push(`${name}:${constraint}`);
              return withSession(constraint as D1SessionConstraint);
            };
          }
          return Reflect.get(target, prop, target);
        },
      });
      return [name, { db: tracked, counter }];
    }),
  );
  const userSessions = countingSessions({ name: "SESSIONS", events: log });
  const ctx = createExecutionContext();
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const overrides = { ...Object.fromEntries(Object.entries(counted).map(([name, { db }]) => [name, db])), USER_SESSIONS: userSessions.namespace };
  const res = await (await createApp()).fetch(new Request(`http://api.test${path}`, { headers }), { ...env, ...overrides } as Env, ctx);
  await waitOnExecutionContext(ctx);
  const here = shard ? counted[shard].counter : { queries: 0, statements: [] };
  const elsewhere = Object.entries(counted)
    .filter(([name]) => name !== shard && name !== "DIRECTORY")
    .reduce((n, [, { counter }]) => n + counter.queries, 0);
  return {
    status: res.status,
    queries: here.queries,
    statements: here.statements,
    directory: counted.DIRECTORY.counter.queries,
    directoryStatements: counted.DIRECTORY.counter.statements,
    elsewhere,
    sessionChecks: userSessions.counter.calls,
    sessions: sessions.map((s) => String(s).replace(`${shard}:`, "")),
    log: log.map((e) => ({ ...e, binding: e.binding === shard ? "store" : e.binding })),
  };
}

describe("a PAT is verified with one indexed D1 query on the store's database, on a first-primary session", () => {
  it("PAT: one query for token + membership; the route's own query on top; none on the directory", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, []);
    const me = await countQueries("/permissions", pat.token);
    expect(me).toMatchObject({ status: 200, queries: 0, directory: 0, elsewhere: 0 }); // public route: the token is not even looked at
    const res = await countQueries(`/stores/${store.id}`, pat.token);
    expect(res.status).toBe(200);
    expect(res.queries).toBe(2);
    expect(res.statements[0]).toMatch(/from "api_tokens" inner join "memberships"/i);
    expect(res.sessions).toEqual(["first-primary"]);
    expect(res).toMatchObject({ directory: 0, elsewhere: 0 });
  });

  it("the token query uses the token-hash index and the membership primary key", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, []);
    const res = await countQueries(`/stores/${store.id}`, pat.token);
    const query = res.statements[0];
    const params = [await sha256Hex(pat.token), 1];
    const plan = await (await storeD1(store.id))
      .prepare(`EXPLAIN QUERY PLAN ${query}`)
      .bind(...params.slice(0, (query.match(/\?/g) ?? []).length))
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join(" | ");
    expect(details).toMatch(/api_tokens USING INDEX api_tokens_hash_idx/);
    expect(details).toMatch(/memberships USING (INDEX sqlite_autoindex_memberships_1|PRIMARY KEY)/);
    expect(details).not.toMatch(/SCAN/);
  });

  it("JWT: one query for the membership on the store's database and one call to the user's session object, sent together; none on the directory; plus the route's own", async () => {
    const store = await newStore();
    const res = await countQueries(`/stores/${store.id}`, store.owner.jwt);
    expect(res.status).toBe(200);
    expect(res).toMatchObject({ queries: 2, directory: 0, elsewhere: 0, sessionChecks: 1 });
    expect(res.statements[0]).toMatch(/from "stores" left join "memberships"/i);
    // Sent together: each was in flight before the other came back.
    expect(overlapped(res.log, "store", "SESSIONS"), JSON.stringify(res.log)).toBe(true);
    const explain = async (db: D1Database, query: string) => {
      const plan = await db
        .prepare(`EXPLAIN QUERY PLAN ${query}`)
        .bind(...Array((query.match(/\?/g) ?? []).length).fill("x"))
        .all<{ detail: string }>();
      return plan.results.map((r) => r.detail).join(" | ");
    };
    const membership = await explain(await storeD1(store.id), res.statements[0]);
    expect(membership).toMatch(/stores USING INDEX sqlite_autoindex_stores_1|stores USING PRIMARY KEY/);
    expect(membership).toMatch(/memberships USING (INDEX sqlite_autoindex_memberships_1|PRIMARY KEY)/);
    expect(membership).not.toMatch(/SCAN/);
  });

  it("a bad checksum and a stripped prefix are rejected without touching the database", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, []);
    const typo = pat.token.slice(0, 12) + (pat.token[12] === "x" ? "y" : "x") + pat.token.slice(13);
    for (const token of [typo, pat.token.slice(0, -2), pat.token.slice(4)]) {
      const res = await countQueries(`/stores/${store.id}`, token);
      expect(res).toMatchObject({ status: 401, queries: 0, directory: 0, elsewhere: 0 });
    }
  });

  it("a revoked token is found dead by that same single query", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, []);
    await call("DELETE", `/stores/${store.id}/api-tokens/${pat.id}`, { token: pat.token });
    const res = await countQueries(`/stores/${store.id}`, pat.token);
    expect(res).toMatchObject({ status: 401, queries: 1, directory: 0, elsewhere: 0 });
  });
});

describe("a catalog read (list, search, get one) is one D1 round trip: the access check and the read in one batch", () => {
  async function catalog() {
    const store = await newStore();
    const writer = await newToken(store.id, store.owner.jwt, ["products.write"]);
    const created = await call("POST", `/stores/${store.id}/products`, {
      token: writer.token,
      body: { title: "Round trip", product_type: "single" },
    });
    const reader = await newToken(store.id, store.owner.jwt, ["products.read"]);
    const base = `/stores/${store.id}/products`;
    return { store, reader, reads: [base, `${base}?search=trip&include_drafts=true`, `${base}/${created.body.id}`] };
  }

  it("PAT: one batch of two statements (token + membership, then the read), sent to the primary without a session; nothing on the directory", async () => {
    const { reader, reads } = await catalog();
    for (const path of reads) {
      const res = await countQueries(path, reader.token);
      expect(res, path).toMatchObject({ status: 200, queries: 1, statements: ["batch(2)"], sessions: [], directory: 0, elsewhere: 0 });
    }
  });

  it("JWT: one batch too (membership, then the read), the user's session object asked beside it, and no DIRECTORY query at all", async () => {
    const { store, reads } = await catalog();
    for (const path of reads) {
      const res = await countQueries(path, store.owner.jwt);
      expect(res, path).toMatchObject({ status: 200, queries: 1, statements: ["batch(2)"], directory: 0, elsewhere: 0, sessions: [], sessionChecks: 1 });
      expect(overlapped(res.log, "store", "SESSIONS"), path).toBe(true);
    }
    // A logout counts on the very next catalog read, still without the directory.
    expect((await call("POST", "/logout", { token: store.owner.jwt })).status).toBe(204);
    for (const path of reads) expect(await countQueries(path, store.owner.jwt), path).toMatchObject({ status: 401, directory: 0, sessionChecks: 1 });
  });

  it("a revoked token gets 401 from that one batch; a bad checksum costs no query", async () => {
    const { store, reader, reads } = await catalog();
    await call("DELETE", `/stores/${store.id}/api-tokens/${reader.id}`, { token: store.owner.jwt });
    for (const path of reads) expect(await countQueries(path, reader.token), path).toMatchObject({ status: 401, queries: 1, directory: 0, elsewhere: 0 });
    // Body character 40 (token index 44) lies wholly inside the checksum's bytes: any change to it breaks the checksum.
    const typo = reader.token.slice(0, 44) + (reader.token[44] === "A" ? "B" : "A") + reader.token.slice(45);
    for (const path of reads) expect(await countQueries(path, typo), path).toMatchObject({ status: 401, queries: 0, directory: 0, elsewhere: 0 });
  });

  it("the non-canonical spellings of a valid token (the last character's unused bits set) are 401 with no query", async () => {
    const { store, reader, reads } = await catalog();
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(reader.token.at(-1)!);
    expect(last % 4, "an issued token is canonical").toBe(0);
    const siblings = [1, 2, 3].map((unused) => reader.token.slice(0, -1) + alphabet[last + unused]);
    for (const sibling of siblings) {
      expect(await countQueries(`/stores/${store.id}`, sibling), sibling).toMatchObject({ status: 401, queries: 0, directory: 0, elsewhere: 0 });
      expect(await countQueries(reads[0], sibling), sibling).toMatchObject({ status: 401, queries: 0, directory: 0, elsewhere: 0 });
    }
    expect(await countQueries(reads[0], reader.token)).toMatchObject({ status: 200 });
  });

  it("a request that fails validation makes only the token lookup, and a bad token still gets its 401", async () => {
    const { store, reader } = await catalog();
    const bad = `/stores/${store.id}/products?limit=0`;
    expect(await countQueries(bad, reader.token)).toMatchObject({ status: 422, queries: 1, directory: 0 });
    expect((await countQueries(bad, reader.token)).statements[0]).toMatch(/from "api_tokens" inner join "memberships"/i);
    await call("DELETE", `/stores/${store.id}/api-tokens/${reader.id}`, { token: store.owner.jwt });
    expect(await countQueries(bad, reader.token)).toMatchObject({ status: 401, queries: 1, directory: 0 });
  });
});

describe("an integration key (boi_) takes the same D1 round trips as a PAT (docs/api/16-integrations.md)", () => {
  async function integrationCatalog() {
    const store = await newStore();
    const created = await call("POST", `/stores/${store.id}/products`, {
      token: store.owner.jwt,
      body: { title: "Round trip", product_type: "single" },
    });
    const integration = await call("POST", `/stores/${store.id}/integrations`, {
      token: store.owner.jwt,
      body: { name: "ERP", scopes: ["products.read"] },
    });
    expect(integration.status).toBe(201);
    const base = `/stores/${store.id}/products`;
    return { store, integration: integration.body, reads: [base, `${base}?search=trip&include_drafts=true`, `${base}/${created.body.id}`] };
  }

  it("a store route: one indexed query for the key and the store's state, the route's own on top; nothing on the directory", async () => {
    const { store, integration } = await integrationCatalog();
    const res = await countQueries(`/stores/${store.id}`, integration.token);
    expect(res).toMatchObject({ status: 200, queries: 2, directory: 0, elsewhere: 0 });
    expect(res.statements[0]).toMatch(/from "integrations" inner join "stores"/i);
    const hash = await sha256Hex(integration.token);
    const plan = await (await storeD1(store.id))
      .prepare(`EXPLAIN QUERY PLAN ${res.statements[0]}`)
      .bind(...Array((res.statements[0].match(/\?/g) ?? []).length).fill(hash))
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join(" | ");
    expect(details).toMatch(/integrations USING INDEX integrations_token_hash_unique/);
    expect(details).toMatch(/integrations USING INDEX integrations_previous_token_hash_unique/);
    expect(details).not.toMatch(/SCAN integrations/);
  });

  it("catalog reads: one batch of two statements (key, then the read), nothing on the directory", async () => {
    const { integration, reads } = await integrationCatalog();
    for (const path of reads) {
      const res = await countQueries(path, integration.token);
      expect(res, path).toMatchObject({ status: 200, queries: 1, statements: ["batch(2)"], sessions: [], directory: 0, elsewhere: 0 });
    }
  });

  it("a rotated-out value still in its overlap, and a revoked key, are decided by that same one batch; a bad checksum costs no query", async () => {
    const { store, integration, reads } = await integrationCatalog();
    const rotated = await call("POST", `/stores/${store.id}/integrations/${integration.id}/rotate`, {
      token: store.owner.jwt,
      body: { previous_expires_in: 3600 },
    });
    expect(rotated.status).toBe(200);
    for (const path of reads) expect(await countQueries(path, integration.token), path).toMatchObject({ status: 200, queries: 1, directory: 0 });
    await call("DELETE", `/stores/${store.id}/integrations/${integration.id}`, { token: store.owner.jwt });
    for (const token of [integration.token, rotated.body.token]) {
      for (const path of reads) expect(await countQueries(path, token), path).toMatchObject({ status: 401, queries: 1, directory: 0, elsewhere: 0 });
    }
    const typo = rotated.body.token.slice(0, 44) + (rotated.body.token[44] === "A" ? "B" : "A") + rotated.body.token.slice(45);
    for (const path of reads) expect(await countQueries(path, typo), path).toMatchObject({ status: 401, queries: 0, directory: 0, elsewhere: 0 });
  });
});
