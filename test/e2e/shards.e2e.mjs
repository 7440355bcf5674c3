// Stores spread over the store databases under `npm run dev` (docs/api/14-store-databases-and-operators.md: "npm run dev runs at least two store
// databases locally, and new stores are spread over them"). Seen three ways: the directory database's rows and the
// store databases' own `stores` rows, read from the local state files (bench/lib/local-d1.mjs), the API answering
// for stores on either database, and GET /ops/shards once that endpoint exists (until then it answers 404 and the
// test says so).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localPlacements } from "../../bench/lib/local-d1.mjs";
import { account, api, startDev } from "./harness.mjs";

const PORT = Number(process.env.E2E_SHARDS_PORT ?? 8798);
const persistDir = mkdtempSync(path.join(tmpdir(), "e2e-shards-"));
const OPS_TOKEN = /^OPS_TOKEN=(.*)$/m.exec(readFileSync(".dev.vars", "utf8"))?.[1]?.trim();
let server;

beforeAll(async () => {
  server = await startDev({ port: PORT, persistDir });
});

afterAll(async () => {
  await server?.stop();
  rmSync(persistDir, { recursive: true, force: true });
});

describe("New stores are spread over the store databases", () => {
  it("places six stores on both STORE_DB_001 and STORE_DB_002, each store's rows in its own database, and serves them all", async () => {
    const owner = await account(server.base);
    const storeIds = [owner.storeId];
    for (let i = 0; i < 5; i++) {
      const res = await api(server.base, "POST", "/stores", { token: owner.token, body: { name: `Spread ${i}` } });
      expect(res.status).toBe(201);
      storeIds.push(res.body.id);
    }

    // The directory places them alternately (least stores first), so the two databases differ by at most one store.
    const { placements, holders } = localPlacements(persistDir);
    const shards = storeIds.map((id) => placements.get(id));
    const counts = Object.groupBy(shards, (s) => s);
    expect(Object.keys(counts).sort()).toEqual(["STORE_DB_001", "STORE_DB_002"]);
    expect(Math.abs(counts.STORE_DB_001.length - counts.STORE_DB_002.length)).toBeLessThanOrEqual(1);

    // The store rows are where the directory says: each in exactly one file, one file per shard, two files in all.
    const fileOf = new Map();
    storeIds.forEach((id, i) => {
      expect(holders.get(id)).toHaveLength(1);
      const [file] = holders.get(id);
      if (fileOf.has(shards[i])) expect(file).toBe(fileOf.get(shards[i]));
      fileOf.set(shards[i], file);
    });
    expect(new Set(fileOf.values()).size).toBe(2);

    // Every store works through the API whichever database holds it: a product written and listed.
    for (const id of storeIds) {
      const created = await api(server.base, "POST", `/stores/${id}/products`, {
        token: owner.token,
        body: { title: `Mug of ${id}`, product_type: "single", default_price_cents: 900 },
      });
      expect(created.status).toBe(201);
      const list = await api(server.base, "GET", `/stores/${id}/products?include_drafts=true`, { token: owner.token });
      expect(list.status).toBe(200);
      expect(list.body.data.map((p) => p.title)).toEqual([`Mug of ${id}`]);
    }

    // The operator's view, when the endpoint exists (branch `moves`); 404 until then.
    const ops = await api(server.base, "GET", "/ops/shards", { token: OPS_TOKEN });
    if (ops.status === 404) {
      console.info("GET /ops/shards answers 404 (not built yet): placement checked from the local D1 state only");
      return;
    }
    expect(ops.status).toBe(200);
    const byName = Object.fromEntries(ops.body.data.map((s) => [s.name, s]));
    expect(byName.STORE_DB_001.stores).toBe(counts.STORE_DB_001.length);
    expect(byName.STORE_DB_002.stores).toBe(counts.STORE_DB_002.length);
  });
});
