// Idempotency keys pause with the store's other writes (issue 27 part 5, migrations/store/0023_scale.sql): while a
// move has the store paused, a store's key is neither claimed nor updated on the source, so the key rows the pause
// applies are final and the target answers a retry exactly as the source would. A response saved while the store is
// still live, after the keys were copied, is a captured change (migration 0026) that reaches the target. A request
// whose change committed just before the pause still gets its response (not kept). Deletes stay allowed (a 5xx's
// cleanup). A key's scope names its credential within the store, 'store:<id>:<credential>' (migration 0033 reads the
// store id from it); a key kept from before that migration, 'store:<id>', moves too.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call } from "../helpers/api";
import { shardOf } from "../helpers/databases";
import { fetchWithEnv } from "../helpers/support";
import { catalogStore } from "../products/fixtures";
import { d1, drive, keptQueue, onStatement, otherShard, startMove } from "./support";

afterEach(() => vi.restoreAllMocks());

const DAY = 86_400_000;

/** A credential's scope in the store, as src/lib/idempotency.ts `scopeOf` makes it. */
const scopeIn = (storeId: string) => `store:${storeId}:pat:0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b`;
/** The scope every key of a store had before migration 0033 (kept until it expires). */
const legacyScope = (storeId: string) => `store:${storeId}`;

/** A key as a request leaves it between its change's batch (committed) and saving its response. */
async function inFlightKey(db: D1Database, storeId: string, key: string, scope = scopeIn(storeId)) {
  const now = Date.now();
  await db
    .prepare(
      `INSERT INTO idempotency_keys (scope, key, fingerprint, owner, locked_at, committed_at, created_at, expires_at)
       VALUES (?, ?, 'fp', 'owner-1', ?, ?, ?, ?)`,
    )
    .bind(scope, key, now, now, now, now + DAY)
    .run();
}

/** The statement the idempotency middleware runs to keep a response (src/lib/idempotency.ts). */
const saveResponse = (db: D1Database, storeId: string, key: string, scope = scopeIn(storeId)) =>
  db
    .prepare(
      `UPDATE idempotency_keys SET status = 201, body = '{}', content_type = 'application/json', owner = NULL WHERE scope = ? AND key = ? AND owner = 'owner-1'`,
    )
    .bind(scope, key)
    .run();

const keyRow = (db: D1Database, storeId: string, key: string, scope = scopeIn(storeId)) =>
  db.prepare("SELECT * FROM idempotency_keys WHERE scope = ? AND key = ?").bind(scope, key).first();

describe("a store's idempotency keys are paused with its other writes while it moves", () => {
  it("a response saved while the store is live reaches the target; during the pause a key is neither claimed nor updated; the target replays what the source does", async () => {
    const store = await catalogStore();
    const from = await shardOf(store.id);
    const to = await otherShard(store.id);
    // A response kept before the move replays on the target after it.
    const kept = await call("POST", store.path(), {
      token: store.token,
      headers: { "Idempotency-Key": "before" },
      body: { title: "Kept", product_type: "single" },
    });
    expect(kept.status).toBe(201);
    await inFlightKey(d1(from), store.id, "late");
    await inFlightKey(d1(from), store.id, "held");
    await inFlightKey(d1(from), store.id, "legacy", legacyScope(store.id));
    const q = keptQueue();
    const move = await startMove(store.id, to, q);
    expect(move.status).toBe(202);
    // Every table is copied, idempotency_keys included, and the store is live: a response saved now is a change
    // the move captures and applies.
    await drive(move.body.id, q, { stop: (m) => m.state === "verifying" });
    await saveResponse(d1(from), store.id, "late");
    await saveResponse(d1(from), store.id, "legacy", legacyScope(store.id));
    // Inside the pause (right after the directory says `moving`): a new claim and a response save are refused, in
    // either scope.
    const atPause: string[] = [];
    const hooked = {
      DIRECTORY: onStatement(env.DIRECTORY, "SET state = 'moving'", async () => {
        for (const write of [
          () => inFlightKey(d1(from), store.id, "new-claim"),
          () => saveResponse(d1(from), store.id, "held"),
          () => inFlightKey(d1(from), store.id, "new-claim", legacyScope(store.id)),
        ]) {
          atPause.push(
            await write().then(
              () => "written",
              (e: unknown) => String(e),
            ),
          );
        }
      }),
    };
    const onSource = {
      late: await keyRow(d1(from), store.id, "late"),
      held: await keyRow(d1(from), store.id, "held"),
      legacy: await keyRow(d1(from), store.id, "legacy", legacyScope(store.id)),
    };
    expect(onSource.late).toMatchObject({ status: 201, owner: null });
    expect(onSource.held).toMatchObject({ status: null, committed_at: expect.any(Number) });
    expect(onSource.legacy).toMatchObject({ status: 201, owner: null });
    expect(await drive(move.body.id, q, { overrides: hooked })).toMatchObject({ state: "done" });
    expect(atPause).toEqual([expect.stringContaining("store_paused"), expect.stringContaining("store_paused"), expect.stringContaining("store_paused")]);
    expect(await keyRow(d1(to), store.id, "late")).toEqual(onSource.late);
    expect(await keyRow(d1(to), store.id, "held")).toEqual(onSource.held);
    expect(await keyRow(d1(to), store.id, "legacy", legacyScope(store.id))).toEqual(onSource.legacy);
    expect(await keyRow(d1(to), store.id, "new-claim")).toBeNull();
    expect(await keyRow(d1(to), store.id, "new-claim", legacyScope(store.id))).toBeNull();
    const again = await call("POST", store.path(), {
      token: store.token,
      headers: { "Idempotency-Key": "before" },
      body: { title: "Kept", product_type: "single" },
    });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.id).toBe(kept.body.id);
  });

  it("a request whose change committed just before the pause gets its own response; the key is left carried out, not kept", async () => {
    const store = await catalogStore();
    const binding = d1(await shardOf(store.id));
    // The pause begins right after the request's change commits, before its response is saved.
    const open = binding.withSession.bind(binding);
    vi.spyOn(binding, "withSession").mockImplementation((constraint) => {
      const session = open(constraint);
      const batch = session.batch.bind(session);
      let batches = 0;
      session.batch = (async (statements: D1PreparedStatement[]) => {
        const result = await batch(statements);
        if (++batches === 2) await binding.prepare("UPDATE stores SET state = 'moving' WHERE id = ?").bind(store.id).run();
        return result;
      }) as typeof session.batch;
      return session;
    });
    const res = await fetchWithEnv(
      new Request(`http://api.test${store.path()}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${store.token}`, "Content-Type": "application/json", "Idempotency-Key": "caught" },
        body: JSON.stringify({ title: "Caught", product_type: "single" }),
      }),
      {},
    );
    vi.restoreAllMocks();
    await binding.prepare("UPDATE stores SET state = 'active' WHERE id = ?").bind(store.id).run();
    expect(res.status).toBe(201);
    expect((await res.json<{ title: string }>()).title).toBe("Caught");
    const caught = await binding.prepare("SELECT * FROM idempotency_keys WHERE scope LIKE ? AND key = 'caught'").bind(`store:${store.id}:pat:%`).first();
    expect(caught).toMatchObject({ status: null, committed_at: expect.any(Number) });
    const titles = (await call("GET", store.path("?include_drafts=true"), { token: store.token })).body.data.map((p: { title: string }) => p.title);
    expect(titles).toEqual(["Caught"]);
  });
});

it("the migration covers exactly the inserts and updates of idempotency_keys", async () => {
  const triggers = await env.STORE_DB_001.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'idempotency_keys' AND name LIKE '%_paused_%' ORDER BY name",
  ).all();
  expect(triggers.results.map((t) => t.name)).toEqual(["idempotency_keys_paused_insert", "idempotency_keys_paused_update"]);
});
