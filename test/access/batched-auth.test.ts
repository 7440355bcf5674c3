// The catalog's hot reads (list, search, get one) check the caller in the same D1 batch as the read: the token
// rules, their freshness and the order of the checks (401, 403, 422, 404) must be exactly those of every other
// route, and a read made for a caller who fails the check is never shown.
import { describe, expect, it } from "vitest";
import { type TestStore, addMember, call, newStore, newToken } from "../helpers/api";
import { jwtIssuedAgo, sqlFirst, sqlRun } from "../helpers/support";

const products = (storeId: string, suffix = "") => `/stores/${storeId}/products${suffix}`;

/** A store with one live product and a products.read PAT; the three batched reads on it. */
async function catalog() {
  const store = await newStore();
  const admin = await newToken(store.id, store.owner.jwt, ["products.write", "products.publish"]);
  const product = await call("POST", products(store.id), {
    token: admin.token,
    body: { title: "Batched tee", product_type: "single", status: "live", default_price_cents: 100 },
  });
  expect(product.status).toBe(201);
  const reader = await newToken(store.id, store.owner.jwt, ["products.read"]);
  const reads = [products(store.id), products(store.id, "?search=Batched"), products(store.id, `/${product.body.id}`)];
  return { store, reader, productId: product.body.id as string, reads };
}

const expectAll = async (paths: string[], token: string, status: number) => {
  for (const path of paths) {
    const res = await call("GET", path, { token });
    expect(res.status, path).toBe(status);
    if (status === 401) expect(res.headers.get("WWW-Authenticate"), path).toMatch(/^Bearer/);
  }
};

describe("a token works on the catalog's reads until the very next request after it is revoked or rotated", () => {
  it("revoked: 401 on the next list, search and get", async () => {
    const { store, reader, reads } = await catalog();
    await expectAll(reads, reader.token, 200);
    expect((await call("DELETE", `/stores/${store.id}/api-tokens/${reader.id}`, { token: store.owner.jwt })).status).toBe(204);
    await expectAll(reads, reader.token, 401);
  });

  it("rotated: the old value is 401 at once, the new one reads", async () => {
    const { store, reader, reads } = await catalog();
    await expectAll(reads, reader.token, 200);
    const rotated = await call("POST", `/stores/${store.id}/api-tokens/${reader.id}/rotate`, { token: store.owner.jwt });
    expect(rotated.status).toBe(200);
    await expectAll(reads, reader.token, 401);
    await expectAll(reads, rotated.body.token, 200);
  });

  it("expired, or its user removed from the store: 401", async () => {
    const { store, reads } = await catalog();
    const expiring = await newToken(store.id, store.owner.jwt, ["products.read"], {
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await expectAll(reads, expiring.token, 200);
    await sqlRun("UPDATE api_tokens SET expires_at = ? WHERE id = ?", new Date(Date.now() - 1000).toISOString(), expiring.id);
    await expectAll(reads, expiring.token, 401);

    const member = await addMember(store, ["products.read"]);
    const theirs = await newToken(store.id, member.jwt, ["products.read"]);
    await expectAll(reads, theirs.token, 200);
    expect((await call("DELETE", `/stores/${store.id}/members/${member.id}`, { token: store.owner.jwt })).status).toBe(204);
    await expectAll(reads, theirs.token, 401);
    await expectAll(reads, member.jwt, 403);
  });
});

describe("the read needs products.read in the token's effective permission, in the token's own store", () => {
  it("403 naming products.read for a token without it, and for a token whose member lost it", async () => {
    const { store, reads } = await catalog();
    const narrow = await newToken(store.id, store.owner.jwt, ["orders.read"]);
    for (const path of reads) {
      const res = await call("GET", path, { token: narrow.token });
      expect(res.status, path).toBe(403);
      expect(res.body.missing_permission, path).toBe("products.read");
      expect(res.text, path).not.toContain("Batched tee");
    }
    const member = await addMember(store, ["products.read"]);
    const theirs = await newToken(store.id, member.jwt, ["products.read"]);
    await expectAll(reads, theirs.token, 200);
    const change = await call("PATCH", `/stores/${store.id}/members/${member.id}`, { token: store.owner.jwt, body: { permissions: ["orders.read"] } });
    expect(change.status).toBe(200);
    await expectAll(reads, theirs.token, 403);
  });

  it("403 for another store's token and for a session of a non-member; the owner's session reads", async () => {
    const { store, reads } = await catalog();
    const other = await newStore();
    const foreign = await newToken(other.id, other.owner.jwt, ["products.read"]);
    await expectAll(reads, foreign.token, 403);
    await expectAll(reads, other.owner.jwt, 403);
    await expectAll(reads, store.owner.jwt, 200);
    await expectAll(reads, await jwtIssuedAgo(store.owner.id, 86_401), 401);
  });

  it("last_used_at is still written when the token is used, at most once a minute", async () => {
    const { reader, reads } = await catalog();
    const stale = new Date(Date.now() - 120_000).toISOString();
    await sqlRun("UPDATE api_tokens SET last_used_at = ? WHERE id = ?", stale, reader.id);
    await expectAll(reads.slice(0, 1), reader.token, 200);
    const read = async () => (await sqlFirst<{ last_used_at: string }>("SELECT last_used_at FROM api_tokens WHERE id = ?", reader.id))!.last_used_at;
    for (let i = 0; i < 40 && (await read()) === stale; i++) await new Promise((r) => setTimeout(r, 50));
    expect(Date.parse(await read())).toBeGreaterThan(Date.parse(stale) + 60_000);
  });
});

describe("checks on the batched reads run in order: 401, then 403, then 422, then 404", () => {
  async function tokens(store: TestStore, reader: { id: string; token: string }) {
    const revoked = await newToken(store.id, store.owner.jwt, ["products.read"]);
    await call("DELETE", `/stores/${store.id}/api-tokens/${revoked.id}`, { token: store.owner.jwt });
    const narrow = await newToken(store.id, store.owner.jwt, ["orders.read"]);
    return { revoked: revoked.token, narrow: narrow.token, good: reader.token };
  }

  it("a bad query parameter: 401 with a bad token, 403 without the bit, 422 with a good token", async () => {
    const { store, reader } = await catalog();
    const t = await tokens(store, reader);
    for (const query of ["?limit=0", "?offset=-1", "?include_drafts=maybe", "?limit=abc&search=x"]) {
      const path = products(store.id, query);
      expect((await call("GET", path, { token: t.revoked })).status, query).toBe(401);
      expect((await call("GET", path, { token: store.owner.jwt.slice(0, -2) })).status, query).toBe(401);
      const narrow = await call("GET", path, { token: t.narrow });
      expect(narrow.status, query).toBe(403);
      expect(narrow.body.missing_permission).toBe("products.read");
      expect((await call("GET", path, { token: t.good })).status, query).toBe(422);
    }
  });

  it("an unknown or malformed product id: 401, then 403, then 404", async () => {
    const { store, reader } = await catalog();
    const t = await tokens(store, reader);
    for (const id of ["00000000-0000-7000-8000-000000000000", "not-a-uuid"]) {
      const path = products(store.id, `/${id}`);
      expect((await call("GET", path, { token: t.revoked })).status, id).toBe(401);
      expect((await call("GET", path, { token: t.narrow })).status, id).toBe(403);
      expect((await call("GET", path, { token: t.good })).status, id).toBe(404);
    }
  });

  it("a malformed store id: 401 with a bad token, else 404", async () => {
    const { store, reader } = await catalog();
    const t = await tokens(store, reader);
    expect((await call("GET", "/stores/not-a-uuid/products", { token: t.revoked })).status).toBe(401);
    expect((await call("GET", "/stores/not-a-uuid/products", { token: t.good })).status).toBe(404);
    expect((await call("GET", "/stores/not-a-uuid/products?limit=0", { token: t.good })).status).toBe(404);
  });
});
