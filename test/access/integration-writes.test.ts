// Write budgets (docs/scale.md section 7.4) for the integration principal (docs/api/16-integrations.md): a change made with an
// integration's boi_ key spends its store's and its store database's write budgets like a person's, and a slice of
// an import an integration started spends them too, waiting a window when they are spent. Low-limit bindings are
// swapped in per test with keys fresh per run (as in test/access/write-budget.test.ts).
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleImportBatch } from "../../src/sync/import-runner";
import type { ImportMessage } from "../../src/sync/import.service";
import { call, newStore } from "../helpers/api";
import { fetchWithEnv } from "../helpers/support";
import { newIntegration } from "../integrations/helpers";
import { catalogStore } from "../products/fixtures";
import { storeFirst } from "../products/store-databases";
import { HEADER, driveQueue, importCsv } from "../sync/csv-helpers";
import { fresh, ownLimits, refusing, steadyLaneClosed } from "../helpers/write-lanes";

afterEach(() => vi.restoreAllMocks());

/** Runs `scenario` again (with fresh keys) if it straddled a 60 s window boundary. */
async function inOneWindow<T>(scenario: (run: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const window = Math.floor(Date.now() / 60_000);
    const result = await scenario(crypto.randomUUID());
    if (Math.floor(Date.now() / 60_000) === window || attempt === 3) return result;
  }
}

async function send(method: string, url: string, token: string, overrides: Partial<Env>, body?: unknown) {
  const res = await fetchWithEnv(
    new Request(url, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }),
    overrides,
  );
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe("a change made with an integration's key spends its store's write budget, shared with the store's people", () => {
  it("store budget 3: the key's three creates pass, its fourth and the owner's next are 429 naming the store; reads still pass", async () => {
    const store = await newStore();
    const integration = await newIntegration(store, ["products.read", "products.write"]);
    expect(integration.token).toMatch(/^boi_/);
    const outcome = await inOneWindow(async (run) => {
      const overrides = { STORE_WRITE_RATE_LIMITER: fresh(env.TEST_LIMIT_3_PER_60S, run), ...ownLimits, ...steadyLaneClosed } as Partial<Env>;
      const create = (token: string) =>
        send("POST", `http://api.test/stores/${store.id}/products`, token, overrides, { title: "Synced", product_type: "single" });
      const byKey = [];
      for (let i = 0; i < 4; i++) byKey.push(await create(integration.token));
      const byOwner = await create(store.owner.jwt);
      const read = await send("GET", `http://api.test/stores/${store.id}/products`, integration.token, overrides);
      return { byKey, byOwner, read: read.status };
    });
    expect(outcome.byKey.map((r) => r.status)).toEqual([201, 201, 201, 429]);
    expect(outcome.byKey[3].body.code).toBe("rate_limited");
    expect(outcome.byKey[3].body.detail).toMatch(/changes to this store/);
    expect(outcome.byOwner.status).toBe(429);
    expect(outcome.read).toBe(200);
  });

  it("database budget 3: the key's fourth change is 429 naming the store's database", async () => {
    const store = await newStore();
    const integration = await newIntegration(store, ["products.read", "products.write"]);
    const statuses = await inOneWindow(async (run) => {
      const overrides = { DATABASE_WRITE_RATE_LIMITER: fresh(env.TEST_LIMIT_3_PER_60S, run), ...ownLimits, ...steadyLaneClosed } as Partial<Env>;
      const out = [];
      for (let i = 0; i < 4; i++) {
        out.push(await send("POST", `http://api.test/stores/${store.id}/products`, integration.token, overrides, { title: "Synced", product_type: "single" }));
      }
      return out;
    });
    expect(statuses.map((r) => r.status)).toEqual([201, 201, 201, 429]);
    expect(statuses[3].body.detail).toMatch(/stores of this store's database/);
  });
});

describe("a slice of an import started by an integration spends the write budgets and waits when they are spent", () => {
  it("refused: retried a window later without failing the import or applying a row; admitted: the import ends done", async () => {
    const store = await catalogStore();
    const integration = await newIntegration(store, ["products.read", "products.write", "products.edit"], store.owner.jwt);
    const queue = driveQueue();
    const started = await importCsv(store, `${HEADER}\nerp-1,ERP 1,,,single,draft,,,ERP-1,,,,,,,,2.00,1,,,,,`, integration.token);
    expect(started.status).toBe(202);
    await queue.step(); // split: its first slice message is caught
    const slice = queue.sent.shift() as ImportMessage;
    expect(slice).toMatchObject({ step: "slice", index: 0 });
    const spent = { ...env, STORE_WRITE_RATE_LIMITER: refusing, RATE_LIMIT_STORE_WRITES: "100", ...steadyLaneClosed } as Env;
    // The last attempt the consumer counts: a failure of the import's own would end it failed here.
    const batch = createMessageBatch("product-imports", [{ id: "refused", timestamp: new Date(), attempts: 5, body: slice }]);
    const ctx = createExecutionContext();
    await handleImportBatch(batch as never, spent);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(["refused"]);
    expect(result.explicitAcks).toEqual([]);
    expect(await storeFirst(store.id, "SELECT state, rows_done FROM product_imports WHERE id = ?", started.body.id)).toEqual({
      state: "running",
      rows_done: 0,
    });
    await handleImportBatch(createMessageBatch("product-imports", [{ id: "admitted", timestamp: new Date(), attempts: 6, body: slice }]) as never, env);
    const state = await call("GET", `/stores/${store.id}/imports/${started.body.id}`, { token: store.token });
    expect(state.body).toMatchObject({ state: "done", rows_done: 1, products_created: 1, errors: [] });
  });
});
