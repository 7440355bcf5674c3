// Shared by the CSV tests: the section 15 header, an upload, and polling an import to its end.
import { createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import { handleImportBatch } from "../../src/sync/import-runner";
import type { ImportMessage } from "../../src/sync/import.service";
import { call } from "../helpers/api";
import type { CatalogStore } from "../products/fixtures";
import { storeFirst } from "../products/store-databases";

export const HEADER =
  "handle,title,description,brand,product_type,status,seo_title,seo_description,variant_sku,variant_title," +
  "option1_name,option1_value,option2_name,option2_value,option3_name,option3_value,price,stock,fulfillment_mode," +
  "length_mm,width_mm,height_mm,weight_g";
/** The export's header: section 15's, then the columns section 18 appends. */
export const EXPORT_HEADER = `${HEADER},tags,compare_at_price,variant_external_id`;

export const exportCsv = (store: CatalogStore, token = store.token) => call("GET", store.path("/export.csv"), { token });

/** POST /imports with `csv` (text, or the exact bytes) as the file. */
export async function importCsv(store: CatalogStore, csv: string | Uint8Array, token = store.token) {
  const form = new FormData();
  form.append("file", new File([csv], "products.csv", { type: "text/csv" }));
  return call("POST", `/stores/${store.id}/imports`, { token, body: form });
}

/** Polls the import until it is done or failed (the queue consumer runs it in the background). */
export async function finished(store: CatalogStore, id: string) {
  for (let i = 0; i < 200; i++) {
    const res = await call("GET", `/stores/${store.id}/imports/${id}`, { token: store.token });
    if (res.body.state === "done" || res.body.state === "failed") return res.body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("import did not finish");
}

/** The uploaded files of the store's imports still in R2 (none once every import has ended). */
export const importFilesLeft = async (store: CatalogStore) => (await env.MEDIA.list({ prefix: `imports/${store.id}/` })).objects.map((o) => o.key);

/** How many imports the store has (a refused upload queues none). */
export const importCount = async (store: CatalogStore) =>
  (await storeFirst<{ n: number }>(store.id, "SELECT count(*) AS n FROM product_imports WHERE store_id = ?", store.id))?.n;

/** UTF-8 bytes of `parts`, with raw bytes where a part is a number array. */
export function bytesOf(...parts: Array<string | number[]>): Uint8Array {
  const chunks = parts.map((p) => (typeof p === "string" ? new TextEncoder().encode(p) : new Uint8Array(p)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) out.set(c, at), (at += c.length);
  return out;
}

/**
 * Catches every step message imports send (restored by vi.restoreAllMocks), for `step` to hand them to the consumer
 * one at a time, or `steps` several at once: the test decides what happens between two slices.
 */
export function driveQueue() {
  const sent: ImportMessage[] = [];
  vi.spyOn(env.IMPORTS, "send").mockImplementation((async (body: ImportMessage) => void sent.push(body)) as never);
  const deliver = (body: ImportMessage) =>
    handleImportBatch(createMessageBatch("product-imports", [{ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body }]) as never, env);
  return {
    sent,
    async step() {
      const body = sent.shift();
      if (!body) throw new Error("no step message was sent");
      await deliver(body);
    },
    /** Every message sent so far, delivered at once. */
    async steps() {
      await Promise.all(sent.splice(0).map(deliver));
    },
  };
}
