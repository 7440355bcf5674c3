// When D1 is overloaded or full the API answers 503 problem+json with Retry-After, never 500. A read-only
// request first tries the overloaded query once more; a write is not retried and leaves nothing half-written.
// Failures are injected with the exact texts D1 uses (see src/lib/d1-overload.ts).
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, newStore, newToken } from "../helpers/api";
import { interceptBatches } from "../helpers/d1-batches";
import { FULL, OVERLOADED, QUEUED_TOO_LONG, faultyD1 } from "../helpers/d1-faults";
import { shardOf } from "../helpers/databases";
import { fetchWithEnv, storeFirst } from "../helpers/support";

afterEach(() => vi.restoreAllMocks());

/** The database holding the store of `path` (/stores/{id}/...), failing its next calls with `errors`. */
async function faultyStoreDb(path: string, errors: string[]) {
  const shard = await shardOf(/^\/stores\/([^/?]+)/.exec(path)![1]);
  const { db, calls } = faultyD1((env as unknown as Record<string, D1Database>)[shard], errors);
  return { overrides: { [shard]: db } as Partial<Env>, calls };
}

async function readWith(errors: string[], path: string, token: string) {
  const { overrides, calls } = await faultyStoreDb(path, errors);
  const res = await fetchWithEnv(new Request(`http://api.test${path}`, { headers: { Authorization: `Bearer ${token}` } }), overrides);
  const text = await res.text();
  return { res, calls, body: text ? JSON.parse(text) : null };
}

async function catalogStore() {
  const store = await newStore();
  const writer = await newToken(store.id, store.owner.jwt, ["products.read", "products.write", "products.edit"]);
  const created = await call("POST", `/stores/${store.id}/products`, { token: writer.token, body: { title: "Lamp", product_type: "single" } });
  expect(created.status).toBe(201);
  return { store, writer, product: created.body };
}

function expect503(res: Response, body: any, retryAfter: string) {
  expect(res.status).toBe(503);
  expect(res.headers.get("Content-Type")).toBe("application/problem+json");
  expect(res.headers.get("Retry-After")).toBe(retryAfter);
  expect(body).toMatchObject({ status: 503, code: "service_unavailable", title: "Service unavailable" });
  expect(body.request_id).toBe(res.headers.get("X-Request-Id"));
}

describe("a read-only request that meets one overload is tried once more and succeeds", () => {
  it("the catalog's one-round-trip read (token check and read in one batch)", async () => {
    const { store, writer, product } = await catalogStore();
    for (const error of [OVERLOADED, QUEUED_TOO_LONG]) {
      const { res, calls, body } = await readWith([error], `/stores/${store.id}/products/${product.id}`, writer.token);
      expect(res.status).toBe(200);
      expect(body.id).toBe(product.id);
      expect(calls).toEqual([
        { kind: "batch", failed: true },
        { kind: "batch", failed: false },
      ]);
    }
  });

  it("a read on the request's session (token lookup, then the store)", async () => {
    const { store, writer } = await catalogStore();
    const { res, calls, body } = await readWith([OVERLOADED], `/stores/${store.id}`, writer.token);
    expect(res.status).toBe(200);
    expect(body.id).toBe(store.id);
    expect(calls.map((c) => c.failed)).toEqual([true, false, false]);
  });

  it("HEAD is read-only too", async () => {
    const { store, writer } = await catalogStore();
    const { overrides, calls } = await faultyStoreDb(`/stores/${store.id}/products`, [OVERLOADED]);
    const res = await fetchWithEnv(
      new Request(`http://api.test/stores/${store.id}/products`, { method: "HEAD", headers: { Authorization: `Bearer ${writer.token}` } }),
      overrides,
    );
    expect(res.status).toBe(200);
    expect(calls[0]).toEqual({ kind: "batch", failed: true });
  });
});

describe("two overloads in a row: 503 service_unavailable with Retry-After", () => {
  it("on the batched catalog read", async () => {
    const { store, writer } = await catalogStore();
    const { res, calls, body } = await readWith([OVERLOADED, OVERLOADED], `/stores/${store.id}/products`, writer.token);
    expect503(res, body, "1");
    expect(calls).toHaveLength(2);
  });

  it("on a session read, and the detail names no internals", async () => {
    const { store, writer } = await catalogStore();
    const { res, calls, body } = await readWith([QUEUED_TOO_LONG, QUEUED_TOO_LONG], `/stores/${store.id}`, writer.token);
    expect503(res, body, "1");
    expect(calls).toHaveLength(2);
    expect(body.detail).not.toMatch(/D1|SQL|queue/i);
  });
});

describe("a write that meets an overload is 503, is not retried, and writes nothing", () => {
  it("creating a product: one batch sent, no product, audit row or event", async () => {
    const { store, writer } = await catalogStore();
    const before = await storeFirst<{ n: number }>(
      store.id,
      "SELECT (SELECT count(*) FROM products WHERE store_id = ?1) + (SELECT count(*) FROM audit_log WHERE store_id = ?1) + (SELECT count(*) FROM events WHERE store_id = ?1) AS n",
      store.id,
    );
    let batches = 0;
    interceptBatches(async () => {
      batches++;
      throw new Error(OVERLOADED);
    });
    const res = await call("POST", `/stores/${store.id}/products`, { token: writer.token, body: { title: "Chair", product_type: "single" } });
    expect503(res as unknown as Response, res.body, "1");
    expect(batches).toBe(1);
    vi.restoreAllMocks();
    const after = await storeFirst<{ n: number }>(
      store.id,
      "SELECT (SELECT count(*) FROM products WHERE store_id = ?1) + (SELECT count(*) FROM audit_log WHERE store_id = ?1) + (SELECT count(*) FROM events WHERE store_id = ?1) AS n",
      store.id,
    );
    expect(after).toEqual(before);
  });
});

describe("a full database is 503 with Retry-After, for writes and reads alike", () => {
  it("a write meeting 'Exceeded maximum DB size'", async () => {
    const { store, writer, product } = await catalogStore();
    interceptBatches(async () => {
      throw new Error(FULL);
    });
    const res = await call("PATCH", `/stores/${store.id}/products/${product.id}`, { token: writer.token, body: { title: "Desk lamp" } });
    expect503(res as unknown as Response, res.body, "60");
    vi.restoreAllMocks();
    expect((await call("GET", `/stores/${store.id}/products/${product.id}`, { token: writer.token })).body.title).toBe("Lamp");
  });

  it("a read meeting it is not tried again (more attempts cannot make room)", async () => {
    const { store, writer } = await catalogStore();
    const { res, calls, body } = await readWith([FULL], `/stores/${store.id}/products`, writer.token);
    expect503(res, body, "60");
    expect(calls).toHaveLength(1);
  });
});

describe("other database errors stay 500 internal", () => {
  it("an unknown D1 error on a read is not retried and not a 503", async () => {
    const { store, writer } = await catalogStore();
    const { res, calls, body } = await readWith(["D1_ERROR: no such table: products: SQLITE_ERROR"], `/stores/${store.id}/products`, writer.token);
    expect(res.status).toBe(500);
    expect(body.code).toBe("internal");
    expect(calls).toHaveLength(1);
  });
});

describe("OpenAPI documents the 503 with its Retry-After on every authenticated operation", () => {
  it("each authenticated operation lists 503 service_unavailable with a Retry-After header", async () => {
    const doc = (await call("GET", "/openapi.json")).body;
    let checked = 0;
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        if (!op.security?.length) continue; // public operations say security: []
        expect(op.responses["503"], `${method.toUpperCase()} ${path}`).toBeDefined();
        expect(op.responses["503"].headers?.["Retry-After"], `${method.toUpperCase()} ${path}`).toBeDefined();
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
