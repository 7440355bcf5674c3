// The events log (docs/api/22-event-log.md): `sequence` per store (1, 2, 3 ... in commit order, no gaps) on every event
// and in its stored envelope; GET /events with after, type (names and prefixes), resource_id, since/until, cursors;
// the read bit of each event; GET /events/{id}; webhook.test is not an event.
import { describe, expect, it } from "vitest";
import { type TestStore, addMember, call, newStore, newToken } from "../helpers/api";
import { storeAll } from "../helpers/databases";

const product = (store: TestStore, token: string, title: string) =>
  call("POST", `/stores/${store.id}/products`, { token, body: { title, product_type: "single", default_price_cents: 100 } });
const customer = (store: TestStore, token: string, email: string) => call("POST", `/stores/${store.id}/customers`, { token, body: { email } });
const events = (store: TestStore, token: string, query = "") => call("GET", `/stores/${store.id}/events${query}`, { token });

/** Every event of the log, walking cursors. */
async function walk(store: TestStore, token: string, query = "") {
  const all: any[] = [];
  let res = await events(store, token, `?limit=100${query}`);
  for (;;) {
    expect(res.status, res.text).toBe(200);
    all.push(...res.body.data);
    if (!res.body.pagination.next_cursor) return all;
    res = await events(store, token, `?limit=100&cursor=${res.body.pagination.next_cursor}`);
  }
}

describe("sequence", () => {
  it("numbers a store's events 1, 2, 3 ... in commit order, in the column and in the stored envelope", async () => {
    const store = await newStore();
    const p = await product(store, store.owner.jwt, "One");
    await call("PATCH", `/stores/${store.id}/products/${p.body.id}`, { token: store.owner.jwt, body: { title: "Two" } });
    await customer(store, store.owner.jwt, "a@example.com");
    const rows = await storeAll<{ sequence: number; name: string; payload: string }>(
      store.id,
      "SELECT sequence, name, payload FROM events WHERE store_id = ? ORDER BY sequence",
      store.id,
    );
    expect(rows.map((r) => r.sequence)).toEqual(rows.map((_, i) => i + 1));
    for (const row of rows) expect(JSON.parse(row.payload).sequence).toBe(row.sequence);
    const other = await newStore();
    await product(other, other.owner.jwt, "Elsewhere");
    const [first] = (await events(other, other.owner.jwt)).body.data;
    expect(first.sequence).toBe(1);
  });

  it("webhook.test is not a store event: no sequence, not in the log", async () => {
    const store = await newStore();
    const hook = await call("POST", `/stores/${store.id}/webhooks`, {
      token: store.owner.jwt,
      body: { url: "https://example.com/hook", events: ["products.created"], secret: "s".repeat(24) },
    });
    expect(hook.status, hook.text).toBe(201);
    expect((await call("POST", `/stores/${store.id}/webhooks/${hook.body.data[0].id}/test`, { token: store.owner.jwt })).status).toBe(202);
    await product(store, store.owner.jwt, "After the test");
    const rows = await storeAll<{ name: string; sequence: number | null }>(
      store.id,
      "SELECT name, sequence FROM events WHERE store_id = ? ORDER BY id",
      store.id,
    );
    expect(rows).toEqual([
      { name: "webhook.test", sequence: null },
      { name: "products.created", sequence: 1 },
    ]);
    const log = (await events(store, store.owner.jwt)).body.data;
    expect(log.map((e: any) => [e.event, e.sequence])).toEqual([["products.created", 1]]);
  });
});

describe("GET /stores/{store_id}/events", () => {
  it("lists oldest first with {id, sequence, event, store_id, created_at, data} and {limit, next_cursor}", async () => {
    const store = await newStore();
    const p = await product(store, store.owner.jwt, "Listed");
    const res = await events(store, store.owner.jwt);
    expect(res.status, res.text).toBe(200);
    expect(res.body.pagination).toEqual({ limit: 20, next_cursor: null });
    const [event] = res.body.data;
    expect(Object.keys(event).sort()).toEqual(["created_at", "data", "event", "id", "sequence", "store_id"]);
    expect(event).toMatchObject({ sequence: 1, event: "products.created", store_id: store.id });
    expect(event.data.id).toBe(p.body.id);
    const one = await call("GET", `/stores/${store.id}/events/${event.id}`, { token: store.owner.jwt });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(event);
    expect((await call("GET", `/stores/${store.id}/events/0190b0c0-0000-7000-8000-000000000000`, { token: store.owner.jwt })).status).toBe(404);
  });

  it("after, type (names and prefixes), resource_id, since/until narrow it; cursors page it", async () => {
    const store = await newStore();
    const a = await product(store, store.owner.jwt, "A");
    await customer(store, store.owner.jwt, "c@example.com");
    await call("PATCH", `/stores/${store.id}/products/${a.body.id}`, { token: store.owner.jwt, body: { title: "A2" } });
    const b = await product(store, store.owner.jwt, "B");
    const all = (await events(store, store.owner.jwt, "?limit=100")).body.data;
    const names = all.map((e: any) => e.event);
    expect(all.map((e: any) => e.sequence)).toEqual(all.map((_: unknown, i: number) => i + 1));

    const after2 = (await events(store, store.owner.jwt, "?after=2&limit=100")).body.data;
    expect(after2).toEqual(all.slice(2));
    const created = (await events(store, store.owner.jwt, "?type=products.created")).body.data;
    expect(created.map((e: any) => e.data.id)).toEqual([a.body.id, b.body.id]);
    const prefix = (await events(store, store.owner.jwt, "?type=products.*&limit=100")).body.data;
    expect(prefix).toEqual(all.filter((e: any) => e.event.startsWith("products.")));
    const two = (await events(store, store.owner.jwt, "?type=customers.created&type=products.created&limit=100")).body.data;
    expect(two).toEqual(all.filter((e: any) => ["customers.created", "products.created"].includes(e.event)));
    const ofA = (await events(store, store.owner.jwt, `?resource_id=${a.body.id}&limit=100`)).body.data;
    expect(ofA).toEqual(all.filter((e: any) => e.data.id === a.body.id));
    expect(ofA.length).toBeGreaterThanOrEqual(2);
    const at = all[1].created_at;
    const since = (await events(store, store.owner.jwt, `?since=${at}&limit=100`)).body.data;
    expect(since).toEqual(all.filter((e: any) => e.created_at >= at));
    const until = (await events(store, store.owner.jwt, `?until=${at}&limit=100`)).body.data;
    expect(until).toEqual(all.filter((e: any) => e.created_at <= at));
    expect(names.length).toBeGreaterThanOrEqual(4);

    const paged: any[] = [];
    let res = await events(store, store.owner.jwt, "?limit=2");
    for (;;) {
      paged.push(...res.body.data);
      if (!res.body.pagination.next_cursor) break;
      expect(res.body.pagination.limit).toBe(2);
      res = await events(store, store.owner.jwt, `?limit=2&cursor=${res.body.pagination.next_cursor}`);
    }
    expect(paged).toEqual(all);
  });

  it("422: after with cursor, an unknown event name or prefix, a malformed after", async () => {
    const store = await newStore();
    await product(store, store.owner.jwt, "A");
    await product(store, store.owner.jwt, "B");
    const page = await events(store, store.owner.jwt, "?limit=1");
    const both = await events(store, store.owner.jwt, `?after=1&cursor=${page.body.pagination.next_cursor}`);
    expect([both.status, both.body.errors?.[0]?.path]).toEqual([422, "after"]);
    for (const query of ["?type=products.exploded", "?type=nothing.*", "?after=-1", "?after=x", "?since=yesterday"]) {
      expect((await events(store, store.owner.jwt, query)).status, query).toBe(422);
    }
    const unknown = await events(store, store.owner.jwt, "?type=products.exploded");
    expect(unknown.body.errors[0].path).toBe("type");
  });

  it("leaves out the events the caller may not read; a type it may not read is 403 naming the bit", async () => {
    const store = await newStore();
    const p = await product(store, store.owner.jwt, "Seen");
    await customer(store, store.owner.jwt, "hidden@example.com");
    const member = await addMember(store, ["products.read"]);
    const pat = await newToken(store.id, store.owner.jwt, ["products.read"]);
    for (const token of [member.jwt, pat.token]) {
      const seen = await walk(store, token);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((e) => e.event.startsWith("products.") || e.event.startsWith("product.") || e.event.startsWith("collections."))).toBe(true);
      for (const type of ["customers.created", "customers.*", "orders.*"]) {
        const denied = await events(store, token, `?type=${type}`);
        expect([denied.status, denied.body.missing_permission], type).toEqual([403, type.startsWith("orders") ? "orders.read" : "customers.read"]);
      }
      // A prefix the caller can partly read: the readable part.
      expect((await events(store, token, "?type=products.*")).status).toBe(200);
    }
    const all = await walk(store, store.owner.jwt);
    const hidden = all.find((e) => e.event === "customers.created");
    const denied = await call("GET", `/stores/${store.id}/events/${hidden.id}`, { token: member.jwt });
    expect([denied.status, denied.body.missing_permission]).toEqual([403, "customers.read"]);
    const shown = all.find((e) => e.event === "products.created" && e.data.id === p.body.id);
    expect((await call("GET", `/stores/${store.id}/events/${shown.id}`, { token: member.jwt })).status).toBe(200);
    const bare = await addMember(store, []);
    const none = await events(store, bare.jwt);
    expect([none.status, none.body.data]).toEqual([200, []]);
  });

  it("200 concurrent writes from several credentials: a poller repeating after=<last> sees every event once, contiguously", async () => {
    const store = await newStore();
    const tokens = await Promise.all(
      Array.from({ length: 5 }, () => newToken(store.id, store.owner.jwt, ["products.read", "products.write", "customers.read", "customers.write"])),
    );
    const seen: any[] = [];
    let writing = true;
    const poll = async () => {
      let last = 0;
      const once = async () => {
        const res = await events(store, store.owner.jwt, `?after=${last}&limit=100`);
        expect(res.status, res.text).toBe(200);
        for (const event of res.body.data) {
          seen.push(event);
          last = event.sequence;
        }
        return res.body.data.length;
      };
      while (writing) await once();
      while ((await once()) > 0);
    };
    const poller = poll();
    const writes = await Promise.all(
      Array.from({ length: 200 }, (_, n) => {
        const token = tokens[n % tokens.length].token;
        return n % 2 === 0 ? product(store, token, `Concurrent ${n}`) : customer(store, token, `c${n}@example.com`);
      }),
    );
    writing = false;
    await poller;
    expect(writes.map((w) => w.status)).toEqual(writes.map(() => 201));
    const ids = seen.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(seen.map((e) => e.sequence)).toEqual(seen.map((_, i) => i + 1));
    // Every write's event is there, once.
    const written = new Set(writes.map((w) => w.body.id));
    expect(new Set(seen.filter((e) => e.event.endsWith(".created")).map((e) => e.data.id))).toEqual(written);
  });
});
