// Idempotency keys (docs/api/11-limits-retries-sessions.md): the first response with a key is kept 24 h per (credential, key) within
// its store (docs/decisions.md "Idempotency keys": a session's user, a PAT, an integration) and replayed with
// `Idempotent-Replayed: true` for the same request of the same credential, changing nothing; a different request with
// the key is 422 `idempotency_key_reused`; one still running is 409 `request_in_progress`; a 5xx is not kept; the key
// is written in the same D1 batch as the change; the endpoints that return a one-time secret (and the identity
// ones) refuse the header.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runAccessCleanup } from "../../src/identity/cleanup";
import { type ApiResponse, addMember, call, newStore, newToken, newUser, type TestStore } from "../helpers/api";
import { newIntegrationKey } from "../helpers/auth-matrix";
import { interceptBatches } from "../helpers/d1-batches";
import { smallPng } from "../media/gallery-helpers";
import { uploadForm } from "../media/images";
import { seedVariant } from "../orders/support";
import { insertDelivery, subscribe } from "../webhooks/support";
import { sqlAll, sqlFirst, sqlRun, storeRun } from "../helpers/support";

afterEach(() => vi.restoreAllMocks());

let seq = 0;
const newKey = () => `key-${Date.now()}-${seq++}`;

const post = (path: string, token: string, body: unknown, key?: string, headers: Record<string, string> = {}) =>
  call("POST", path, { token, body, headers: key === undefined ? headers : { ...headers, "Idempotency-Key": key } });

/** A count over every database the query's table is in (a store's rows are in one of them). */
const countOf = async (query: string, ...params: unknown[]) => (await sqlAll<{ n: number }>(query, ...params)).reduce((sum, row) => sum + row.n, 0);
const productCount = (storeId: string) => countOf("SELECT count(*) AS n FROM products WHERE store_id = ?", storeId);
/** Everything a change leaves behind in a store: audit rows and events. */
const traces = async (storeId: string) => ({
  audit: await countOf("SELECT count(*) AS n FROM audit_log WHERE store_id = ?", storeId),
  events: await countOf("SELECT count(*) AS n FROM events WHERE store_id = ?", storeId),
});

function expectReplay(first: ApiResponse, again: ApiResponse) {
  expect(first.headers.get("Idempotent-Replayed")).toBeNull();
  expect(again.headers.get("Idempotent-Replayed")).toBe("true");
  expect(again.status).toBe(first.status);
  expect(again.text).toBe(first.text);
  expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
  expect(again.headers.get("Content-Type")).toBe(first.headers.get("Content-Type"));
}

const mug = { title: "Mug", product_type: "single", default_price_cents: 900 };

describe("a repeat of the same request with the same key gets the kept response and changes nothing", () => {
  it("POST products twice: one product, one audit row, one event; the second answer is the first, replayed", async () => {
    const store = await newStore();
    const key = newKey();
    const path = `/stores/${store.id}/products`;
    const first = await post(path, store.owner.jwt, mug, key);
    expect(first.status).toBe(201);
    const before = await traces(store.id);
    const again = await post(path, store.owner.jwt, mug, key);
    expectReplay(first, again);
    expect(again.headers.get("X-Request-Id")).toBeTruthy();
    expect(await productCount(store.id)).toBe(1);
    expect(await traces(store.id)).toEqual(before);
    // Without a key, or with another key, the same request is a new product.
    expect((await post(path, store.owner.jwt, mug)).status).toBe(201);
    expect((await post(path, store.owner.jwt, mug, newKey())).status).toBe(201);
    expect(await productCount(store.id)).toBe(3);
  });

  it("a kept 4xx is replayed too (the same request would fail the same way)", async () => {
    const store = await newStore();
    const key = newKey();
    const bad = { title: "", product_type: "single" };
    const first = await post(`/stores/${store.id}/products`, store.owner.jwt, bad, key);
    expect(first.status).toBe(422);
    expectReplay(first, await post(`/stores/${store.id}/products`, store.owner.jwt, bad, key));
  });

  it("access checks come first: a replay still needs a valid token and the permission", async () => {
    const store = await newStore();
    const key = newKey();
    await post(`/stores/${store.id}/products`, store.owner.jwt, mug, key);
    const reader = await newToken(store.id, store.owner.jwt, ["products.read"]);
    expect((await post(`/stores/${store.id}/products`, reader.token, mug, key)).status).toBe(403);
    expect((await post(`/stores/${store.id}/products`, "bod_nope", mug, key)).status).toBe(401);
  });
});

describe("a key belongs to the credential that sent it: the session's user, a PAT, an integration", () => {
  it("another credential of the same store with the same key and request is a request of its own; each one's repeat replays its own response", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, ["products.read", "products.write"]);
    const integration = await newIntegrationKey(store.id, store.owner.jwt, ["products.read", "products.write"]);
    const member = await addMember(store, ["products.read", "products.write"]);
    const path = `/stores/${store.id}/products`;
    const key = newKey();
    const credentials = [store.owner.jwt, pat.token, integration, member.jwt];
    const firsts: ApiResponse[] = [];
    for (const token of credentials) {
      const res = await post(path, token, mug, key);
      expect(res.status, res.text).toBe(201);
      expect(res.headers.get("Idempotent-Replayed")).toBeNull();
      firsts.push(res);
    }
    expect(new Set(firsts.map((r) => r.body.id)).size).toBe(4);
    expect(await productCount(store.id)).toBe(4);
    for (const [i, token] of credentials.entries()) expectReplay(firsts[i], await post(path, token, mug, key));
    // The same user's second session is the same user: its repeat is the replay.
    const again = await call("POST", "/login", { body: { email: store.owner.email, password: store.owner.password } });
    expectReplay(firsts[0], await post(path, again.body.token, mug, key));
    expect(await productCount(store.id)).toBe(4);
    // Another store's key is its own too.
    const other = await newStore();
    expect((await post(`/stores/${other.id}/products`, other.owner.jwt, mug, key)).status).toBe(201);
    expect(await productCount(other.id)).toBe(1);
  });

  it("a member with orders.write sending another member's key and order gets an order of their own, never the other's", async () => {
    const store = await newStore();
    const [ann, bob] = [await addMember(store, ["orders.read", "orders.write"]), await addMember(store, ["orders.read", "orders.write"])];
    const v = await seedVariant(store.id, { stock: 5 });
    const body = { email: "b@example.test", currency: "USD", line_items: [{ variant_id: v.variantId, quantity: 1 }] };
    const key = newKey();
    const mine = await post(`/stores/${store.id}/orders`, ann.jwt, body, key);
    expect(mine.status, mine.text).toBe(201);
    const theirs = await post(`/stores/${store.id}/orders`, bob.jwt, body, key);
    expect(theirs.status, theirs.text).toBe(201);
    expect(theirs.headers.get("Idempotent-Replayed")).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(await countOf("SELECT count(*) AS n FROM orders WHERE store_id = ?", store.id)).toBe(2);
  });

  it("an editor without products.publish sending the owner's key with the same live PUT gets the 403, not the owner's 201", async () => {
    const store = await newStore();
    const editor = await addMember(store, ["products.read", "products.write", "products.edit"]);
    const path = `/stores/${store.id}/products/by-external-id/erp-${newKey()}`;
    const body = { title: "Scarf", product_type: "single", status: "live", variants: [{ price_cents: 100 }] };
    const key = newKey();
    const owner = await call("PUT", path, { token: store.owner.jwt, body, headers: { "Idempotency-Key": key } });
    expect(owner.status, owner.text).toBe(201);
    const before = await traces(store.id);
    const res = await call("PUT", path, { token: editor.jwt, body, headers: { "Idempotency-Key": key } });
    expect(res.headers.get("Idempotent-Replayed")).toBeNull();
    expect([res.status, res.body.missing_permission]).toEqual([403, "products.publish"]);
    expect(res.text).not.toContain(owner.body.id);
    expect(await traces(store.id)).toEqual(before);
  });
});

describe("the same key with a different request: 422 idempotency_key_reused", () => {
  it("another body, another path: 422 and nothing changed; the original still replays", async () => {
    const store = await newStore();
    const key = newKey();
    const path = `/stores/${store.id}/products`;
    const first = await post(path, store.owner.jwt, mug, key);
    for (const res of [
      await post(path, store.owner.jwt, { ...mug, title: "Cup" }, key),
      await post(`/stores/${store.id}/customers`, store.owner.jwt, { email: "a@example.test" }, key),
    ]) {
      expect(res.status).toBe(422);
      expect(res.headers.get("Content-Type")).toMatch(/application\/problem\+json/);
      expect(res.body.code).toBe("idempotency_key_reused");
    }
    expect(await productCount(store.id)).toBe(1);
    expect(await countOf("SELECT count(*) AS n FROM customers WHERE store_id = ?", store.id)).toBe(0);
    expectReplay(first, await post(path, store.owner.jwt, mug, key));
  });
});

describe("while the first request with a key is running: 409 request_in_progress", () => {
  it("a key claimed by a running request answers 409; once that claim is stale (60 s), a retry runs", async () => {
    const store = await newStore();
    const key = newKey();
    const path = `/stores/${store.id}/products`;
    // Claim the key as the first request would (its fingerprint is what this same request makes).
    const first = await post(path, store.owner.jwt, mug, key);
    const fingerprint = (await sqlFirst<{ fingerprint: string }>("SELECT fingerprint FROM idempotency_keys WHERE key = ?", key))!.fingerprint;
    const key2 = newKey();
    // A store-scoped key lives in the store's database, under the credential that sent it (the owner's session).
    await storeRun(
      store.id,
      "INSERT INTO idempotency_keys (scope, key, fingerprint, owner, locked_at, created_at, expires_at) VALUES (?, ?, ?, 'someone', ?, ?, ?)",
      `store:${store.id}:user:${store.owner.id}`,
      key2,
      fingerprint,
      Date.now(),
      Date.now(),
      Date.now() + 86_400_000,
    );
    const busy = await post(path, store.owner.jwt, mug, key2);
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe("request_in_progress");
    expect(await productCount(store.id)).toBe(1);
    // The holder died 61 s ago without committing: the key is taken over and the request runs once.
    await sqlRun("UPDATE idempotency_keys SET locked_at = ? WHERE key = ?", Date.now() - 61_000, key2);
    const retried = await post(path, store.owner.jwt, mug, key2);
    expect(retried.status).toBe(201);
    expect(await productCount(store.id)).toBe(2);
    expectReplay(retried, await post(path, store.owner.jwt, mug, key2));
    expect(first.status).toBe(201);
  });

  it("concurrent requests with one key: exactly one change; the others get 409 or the replay", async () => {
    const store = await newStore();
    const key = newKey();
    const path = `/stores/${store.id}/products`;
    const results = await Promise.all(Array.from({ length: 5 }, () => post(path, store.owner.jwt, mug, key)));
    const originals = results.filter((r) => r.status === 201 && !r.headers.get("Idempotent-Replayed"));
    expect(originals).toHaveLength(1);
    for (const r of results) {
      if (r === originals[0]) continue;
      if (r.status === 409) expect(r.body.code).toBe("request_in_progress");
      else expectReplay(originals[0], r);
    }
    expect(await productCount(store.id)).toBe(1);
    expect(await countOf("SELECT count(*) AS n FROM audit_log WHERE store_id = ? AND action = 'product.create'", store.id)).toBe(1);
  });
});

describe("a 5xx is not kept, and the key is written in the same D1 batch as the change", () => {
  // The claim is a batch of 3 statements; the change is the other batch.
  const changeBatch = (statements: D1PreparedStatement[]) => statements.length !== 3;

  it("the change's batch fails: 500, nothing kept, the retry with the same key runs once", async () => {
    const store = await newStore();
    const key = newKey();
    const path = `/stores/${store.id}/products`;
    interceptBatches(async (statements, send) => {
      if (changeBatch(statements)) throw new Error("injected D1 failure");
      return send(statements);
    });
    const failed = await post(path, store.owner.jwt, mug, key);
    expect(failed.status).toBe(500);
    vi.restoreAllMocks();
    expect(await sqlFirst("SELECT key FROM idempotency_keys WHERE key = ?", key)).toBeNull();
    const retried = await post(path, store.owner.jwt, mug, key);
    expect(retried.status).toBe(201);
    expect(retried.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await productCount(store.id)).toBe(1);
  });

  it("a crash right after the change committed: the key committed with it, so a retry never makes a second one", async () => {
    const store = await newStore();
    const key = newKey();
    const path = `/stores/${store.id}/products`;
    interceptBatches(async (statements, send) => {
      if (!changeBatch(statements)) return send(statements);
      await send(statements);
      throw new Error("injected crash after the commit");
    });
    expect((await post(path, store.owner.jwt, mug, key)).status).toBe(500);
    vi.restoreAllMocks();
    expect(await productCount(store.id)).toBe(1);
    const row = await sqlFirst<{ committed_at: number | null; status: number | null }>("SELECT committed_at, status FROM idempotency_keys WHERE key = ?", key);
    expect(row?.committed_at).toBeTypeOf("number");
    expect(row?.status).toBeNull();
    // Its response was lost, not its change: the retry is not run again.
    await sqlRun("UPDATE idempotency_keys SET locked_at = ? WHERE key = ?", Date.now() - 61_000, key);
    const retry = await post(path, store.owner.jwt, mug, key);
    expect(retry.status).toBe(409);
    expect(await productCount(store.id)).toBe(1);
  });

  it("a request that lost its key to another (presumed dead) is rolled back whole at commit: 409, no change", async () => {
    const store = await newStore();
    const key = newKey();
    const path = `/stores/${store.id}/products`;
    interceptBatches(async (statements, send) => {
      // Just before the change commits, another request takes the key over.
      if (changeBatch(statements)) await sqlRun("UPDATE idempotency_keys SET owner = 'another' WHERE key = ?", key);
      return send(statements);
    });
    const res = await post(path, store.owner.jwt, mug, key);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("request_in_progress");
    expect(await productCount(store.id)).toBe(0);
  });
});

describe("the Idempotency-Key header: 1-255 printable ASCII characters", () => {
  it("empty, too long or non-ASCII: 422 naming the header, nothing created", async () => {
    const store = await newStore();
    for (const key of ["", "x".repeat(256), "tab\there"]) {
      const res = await post(`/stores/${store.id}/products`, store.owner.jwt, mug, key);
      expect(res.status, JSON.stringify(key)).toBe(422);
      expect(res.body.errors[0].path).toBe("Idempotency-Key");
    }
    expect(await productCount(store.id)).toBe(0);
    expect((await post(`/stores/${store.id}/products`, store.owner.jwt, mug, "x".repeat(255))).status).toBe(201);
  });
});

describe("the endpoints that must not keep their response refuse the header (422 naming it)", () => {
  it("POST /users, /login, /invites/accept, token create and rotate, invite create", async () => {
    const store = await newStore();
    const jwt = store.owner.jwt;
    const pat = await newToken(store.id, jwt, ["products.read"]);
    const invitee = await newUser();
    const invite = await post(`/stores/${store.id}/invites`, jwt, { email: invitee.email, permissions: ["products.read"] });
    const key = newKey();
    const refused = [
      await post("/users", "", { email: `k-${key}@example.test`, password: "long enough pass", name: "K" }, key),
      await post("/login", "", { email: store.owner.email, password: store.owner.password }, key),
      await post("/invites/accept", invitee.jwt, { token: invite.body.token }, key),
      await post(`/stores/${store.id}/api-tokens`, jwt, { name: "k", scopes: ["products.read"] }, key),
      await post(`/stores/${store.id}/api-tokens/${pat.id}/rotate`, jwt, {}, key),
      await post(`/stores/${store.id}/invites`, jwt, { email: "x@example.test", permissions: ["products.read"] }, key),
    ];
    for (const res of refused) {
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.errors[0].path).toBe("Idempotency-Key");
    }
    // Nothing happened: the invite is still open, the old PAT still works, no new token or invite exists.
    expect((await post("/invites/accept", invitee.jwt, { token: invite.body.token })).status).toBe(200);
    expect((await call("GET", `/stores/${store.id}/products`, { token: pat.token })).status).toBe(200);
    expect(await countOf("SELECT count(*) AS n FROM api_tokens WHERE store_id = ?", store.id)).toBe(1);
    expect(await countOf("SELECT count(*) AS n FROM invites WHERE store_id = ?", store.id)).toBe(1);
    expect(await countOf("SELECT count(*) AS n FROM idempotency_keys WHERE key = ?", key)).toBe(0);
  });
});

describe("multipart uploads with a key: compared by their fields, not their boundary", () => {
  it("the same file again (a new multipart boundary) is the replay; another file with the key is 422", async () => {
    const store = await newStore();
    const key = newKey();
    const png = await smallPng();
    const path = `/stores/${store.id}/media`;
    const first = await post(path, store.owner.jwt, uploadForm(png, "a.png", "image/png", { alt: "A" }), key);
    expect(first.status).toBe(201);
    const again = await post(path, store.owner.jwt, uploadForm(png, "a.png", "image/png", { alt: "A" }), key);
    expectReplay(first, again);
    expect(await countOf("SELECT count(*) AS n FROM media_files WHERE store_id = ?", store.id)).toBe(1);
    expect((await env.MEDIA.list({ prefix: `${store.id}/` })).objects.length).toBeGreaterThan(0);
    const objects = (await env.MEDIA.list({ prefix: `${store.id}/` })).objects.length;
    const other = await post(path, store.owner.jwt, uploadForm(png, "a.png", "image/png", { alt: "B" }), key);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("idempotency_key_reused");
    expect((await env.MEDIA.list({ prefix: `${store.id}/` })).objects.length).toBe(objects);
  });
});

/** Every POST of docs/api/11-limits-retries-sessions.md that accepts a key: how to set it up, and how to call it. */
interface Endpoint {
  name: string;
  setup: (store: TestStore) => Promise<{ path: string; body?: unknown; token?: string }>;
}

async function product(store: TestStore, body: unknown = mug) {
  const res = await post(`/stores/${store.id}/products`, store.owner.jwt, body);
  if (res.status !== 201) throw new Error(res.text);
  return res.body.id as string;
}

async function order(store: TestStore, status?: string) {
  const v = await seedVariant(store.id, { stock: 5 });
  const res = await post(`/stores/${store.id}/orders`, store.owner.jwt, {
    email: "b@example.test",
    currency: "USD",
    line_items: [{ variant_id: v.variantId, quantity: 1 }],
  });
  if (status) await post(`/stores/${store.id}/orders/${res.body.id}/transitions`, store.owner.jwt, { status });
  return res.body.id as string;
}

const ENDPOINTS: Endpoint[] = [
  { name: "POST /stores", setup: async () => ({ path: "/stores", body: { name: "Keyed store" } }) },
  { name: "POST products", setup: async (s) => ({ path: `/stores/${s.id}/products`, body: mug }) },
  { name: "POST products/{id}/publish", setup: async (s) => ({ path: `/stores/${s.id}/products/${await product(s)}/publish` }) },
  {
    name: "POST products/{id}/unpublish",
    setup: async (s) => ({ path: `/stores/${s.id}/products/${await product(s, { ...mug, status: "live" })}/unpublish` }),
  },
  {
    name: "POST products/{id}/variants",
    setup: async (s) => ({
      path: `/stores/${s.id}/products/${await product(s, { title: "Shirt", product_type: "variable" })}/variants`,
      body: { price_cents: 1200, option_values: [{ name: "Colour", value: "Red" }] },
    }),
  },
  {
    name: "POST products/{id}/reviews",
    setup: async (s) => ({ path: `/stores/${s.id}/products/${await product(s)}/reviews`, body: { author_name: "Ann", rating: 5 } }),
  },
  {
    name: "POST products/{id}/images (multipart)",
    setup: async (s) => ({ path: `/stores/${s.id}/products/${await product(s)}/images`, body: () => uploadForm(pngBytes!, "p.png", "image/png") }),
  },
  {
    name: "POST products/{id}/images/associate",
    setup: async (s) => {
      const file = await post(`/stores/${s.id}/media`, s.owner.jwt, uploadForm(pngBytes!, "a.png", "image/png"));
      return { path: `/stores/${s.id}/products/${await product(s)}/images/associate`, body: { media_file_id: file.body.id } };
    },
  },
  {
    name: "POST products/{id}/videos",
    setup: async (s) => ({ path: `/stores/${s.id}/products/${await product(s)}/videos`, body: { url: "https://www.youtube.com/watch?v=abc" } }),
  },
  { name: "POST media (multipart)", setup: async (s) => ({ path: `/stores/${s.id}/media`, body: () => uploadForm(pngBytes!, "m.png", "image/png") }) },
  { name: "POST customers", setup: async (s) => ({ path: `/stores/${s.id}/customers`, body: { email: "c@example.test", name: "C" } }) },
  {
    name: "POST orders",
    setup: async (s) => ({
      path: `/stores/${s.id}/orders`,
      body: { email: "b@example.test", currency: "USD", line_items: [{ variant_id: (await seedVariant(s.id, { stock: 5 })).variantId, quantity: 2 }] },
    }),
  },
  { name: "POST orders/{id}/transitions", setup: async (s) => ({ path: `/stores/${s.id}/orders/${await order(s)}/transitions`, body: { status: "paid" } }) },
  { name: "POST orders/{id}/refunds", setup: async (s) => ({ path: `/stores/${s.id}/orders/${await order(s, "paid")}/refunds`, body: {} }) },
  {
    name: "POST webhooks",
    setup: async (s) => ({
      path: `/stores/${s.id}/webhooks`,
      body: { url: "http://127.0.0.1:9/k", events: ["customers.created"], secret: "test-secret-0123456789abcdef" },
    }),
  },
  {
    name: "POST webhooks/{id}/deliveries/{id}/replay",
    setup: async (s) => {
      const [hook] = await subscribe(s, "http://127.0.0.1:9/r", ["customers.created"]);
      const delivery = await insertDelivery(s.id, hook.id, { status: "failed", attempt_count: 3 });
      return { path: `/stores/${s.id}/webhooks/${hook.id}/deliveries/${delivery.id}/replay` };
    },
  },
];

let pngBytes: Uint8Array | undefined;

describe("every POST that docs/api/11-limits-retries-sessions.md lists accepts a key: the repeat is the replay and changes nothing", () => {
  const storeTraces = async (store: TestStore) => ({
    ...(await traces(store.id)),
    stores: await countOf("SELECT count(*) AS n FROM stores WHERE owner_id = ?", store.owner.id),
    deliveries: await countOf("SELECT count(*) AS n FROM webhook_deliveries WHERE store_id = ?", store.id),
    media: await countOf("SELECT count(*) AS n FROM media_files WHERE store_id = ?", store.id),
  });

  for (const endpoint of ENDPOINTS) {
    it(endpoint.name, async () => {
      pngBytes ??= await smallPng();
      const store = await newStore();
      const { path, body } = await endpoint.setup(store);
      const make = () => (typeof body === "function" ? (body as () => FormData)() : body);
      const key = newKey();
      const first = await post(path, store.owner.jwt, make(), key);
      expect(first.status, first.text).toBeLessThan(300);
      const after = await storeTraces(store);
      const again = await post(path, store.owner.jwt, make(), key);
      expectReplay(first, again);
      expect(await storeTraces(store)).toEqual(after);
    });
  }
});

describe("expired keys are removed by the cron", () => {
  it("a key past its 24 hours is deleted, a fresh one stays; an expired key is a new key", async () => {
    const store = await newStore();
    const [oldKey, freshKey] = [newKey(), newKey()];
    await post(`/stores/${store.id}/products`, store.owner.jwt, mug, oldKey);
    await post(`/stores/${store.id}/products`, store.owner.jwt, mug, freshKey);
    await sqlRun("UPDATE idempotency_keys SET expires_at = ? WHERE key = ?", Date.now() - 1, oldKey);
    // Expired but not yet swept: the key starts afresh.
    const reused = await post(`/stores/${store.id}/products`, store.owner.jwt, { ...mug, title: "Other" }, oldKey);
    expect(reused.status).toBe(201);
    expect(reused.headers.get("Idempotent-Replayed")).toBeNull();
    await sqlRun("UPDATE idempotency_keys SET expires_at = ? WHERE key = ?", Date.now() - 1, oldKey);
    await runAccessCleanup(env);
    expect(await sqlFirst("SELECT 1 AS x FROM idempotency_keys WHERE key = ?", oldKey)).toBeNull();
    expect(await sqlFirst("SELECT 1 AS x FROM idempotency_keys WHERE key = ?", freshKey)).not.toBeNull();
  });
});
