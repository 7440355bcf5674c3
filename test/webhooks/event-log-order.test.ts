// GET /events?order=desc (an extension of docs/api/22-event-log.md, docs/decisions.md): the same log newest first, its
// cursors paging toward older events; every filter and the read bits apply as oldest first; `after` with desc is a
// 422 naming `after`; a cursor belongs to its order.
import { describe, expect, it } from "vitest";
import { type TestStore, addMember, call, newStore, newToken } from "../helpers/api";

const product = (store: TestStore, token: string, title: string) =>
  call("POST", `/stores/${store.id}/products`, { token, body: { title, product_type: "single", default_price_cents: 100 } });
const customer = (store: TestStore, token: string, email: string) => call("POST", `/stores/${store.id}/customers`, { token, body: { email } });
const events = (store: TestStore, token: string, query = "") => call("GET", `/stores/${store.id}/events${query}`, { token });

/** Every page of a walk (from `cursor`, if given), following next_cursor with the same query (filters and order repeated, as a client does). */
async function pages(store: TestStore, token: string, query: string, cursor?: string) {
  const walked: any[][] = [];
  let res = await events(store, token, `?${query}${cursor ? `&cursor=${cursor}` : ""}`);
  for (;;) {
    expect(res.status, res.text).toBe(200);
    walked.push(res.body.data);
    const next = res.body.pagination.next_cursor;
    if (!next) return walked;
    res = await events(store, token, `?${query}&cursor=${next}`);
  }
}
const walk = async (store: TestStore, token: string, query: string, cursor?: string) => (await pages(store, token, query, cursor)).flat();

/** A store with products (one updated twice) and customers: 7 events of 3 names and 4 resources. */
async function storeWithEvents() {
  const store = await newStore();
  const a = await product(store, store.owner.jwt, "A");
  await customer(store, store.owner.jwt, "one@example.com");
  await call("PATCH", `/stores/${store.id}/products/${a.body.id}`, { token: store.owner.jwt, body: { title: "A2" } });
  const b = await product(store, store.owner.jwt, "B");
  await customer(store, store.owner.jwt, "two@example.com");
  await call("PATCH", `/stores/${store.id}/products/${a.body.id}`, { token: store.owner.jwt, body: { title: "A3" } });
  await product(store, store.owner.jwt, "C");
  const all = (await events(store, store.owner.jwt, "?limit=100")).body.data as any[];
  expect(all.map((e) => e.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  return { store, all, a: a.body.id as string, b: b.body.id as string };
}

describe("order=desc: newest first, cursors paging toward older events", () => {
  it("lists the same events as oldest first, reversed; order=asc is the default", async () => {
    const { store, all } = await storeWithEvents();
    const desc = await events(store, store.owner.jwt, "?order=desc&limit=100");
    expect(desc.status, desc.text).toBe(200);
    expect(desc.body).toEqual({ data: [...all].reverse(), pagination: { limit: 100, next_cursor: null } });
    expect((await events(store, store.owner.jwt, "?order=asc&limit=100")).body.data).toEqual(all);
  });

  it("pages both ways: oldest first forward, newest first backward, each event once, with the same page sizes", async () => {
    const { store, all } = await storeWithEvents();
    const forward = await pages(store, store.owner.jwt, "limit=3");
    const backward = await pages(store, store.owner.jwt, "limit=3&order=desc");
    expect(forward.map((p) => p.map((e) => e.sequence))).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(backward.map((p) => p.map((e) => e.sequence))).toEqual([[7, 6, 5], [4, 3, 2], [1]]);
    expect(backward.flat()).toEqual([...all].reverse());
    // A page that ends exactly at the oldest event says so (no empty last page).
    expect((await pages(store, store.owner.jwt, "limit=7&order=desc")).map((p) => p.length)).toEqual([7]);
  });

  it("events committed during a newest-first walk do not shift its pages: the walk ends at the oldest, each once", async () => {
    const { store, all } = await storeWithEvents();
    const first = await events(store, store.owner.jwt, "?order=desc&limit=2");
    expect(first.body.data.map((e: any) => e.sequence)).toEqual([7, 6]);
    await product(store, store.owner.jwt, "Written meanwhile");
    await customer(store, store.owner.jwt, "meanwhile@example.com");
    const rest = await walk(store, store.owner.jwt, "order=desc&limit=2", first.body.pagination.next_cursor);
    expect(rest.map((e) => e.sequence)).toEqual([5, 4, 3, 2, 1]);
    expect([...first.body.data, ...rest]).toEqual([...all].reverse());
    // The new events are at the head of a new walk.
    expect((await events(store, store.owner.jwt, "?order=desc&limit=2")).body.data.map((e: any) => e.sequence)).toEqual([9, 8]);
  });
});

describe("order=desc: every filter works as oldest first", () => {
  it("type (a name, a prefix, repeated), resource_id, since/until: the oldest-first result, reversed, also when paged", async () => {
    const { store, all, a } = await storeWithEvents();
    const at = all[2].created_at;
    const queries: Array<[string, (e: any) => boolean]> = [
      ["type=products.created", (e) => e.event === "products.created"],
      ["type=products.*", (e) => e.event.startsWith("products.")],
      ["type=customers.created&type=products.updated", (e) => ["customers.created", "products.updated"].includes(e.event)],
      [`resource_id=${a}`, (e) => e.data.id === a],
      [`type=products.updated&resource_id=${a}`, (e) => e.event === "products.updated" && e.data.id === a],
      [`since=${at}`, (e) => e.created_at >= at],
      [`until=${at}`, (e) => e.created_at <= at],
    ];
    for (const [query, keep] of queries) {
      const expected = all.filter(keep).reverse();
      expect(expected.length, query).toBeGreaterThan(0);
      expect(await walk(store, store.owner.jwt, `${query}&order=desc&limit=1`), query).toEqual(expected);
      expect(await walk(store, store.owner.jwt, `${query}&limit=1`), query).toEqual([...expected].reverse());
    }
    // A resource's events newest first: its latest change comes first.
    const [latest] = (await events(store, store.owner.jwt, `?resource_id=${a}&order=desc&limit=1`)).body.data;
    expect([latest.event, latest.data.title]).toEqual(["products.updated", "A3"]);
  });

  it("leaves out the events the caller may not read; a type it may not read is 403 naming the bit", async () => {
    const { store, all } = await storeWithEvents();
    const member = await addMember(store, ["products.read"]);
    const pat = await newToken(store.id, store.owner.jwt, ["products.read"]);
    const readable = all.filter((e) => e.event.startsWith("products.")).reverse();
    for (const token of [member.jwt, pat.token]) {
      expect(await walk(store, token, "order=desc&limit=2")).toEqual(readable);
      const denied = await events(store, token, "?order=desc&type=customers.*");
      expect([denied.status, denied.body.missing_permission]).toEqual([403, "customers.read"]);
    }
    const bare = await addMember(store, []);
    const none = await events(store, bare.jwt, "?order=desc");
    expect([none.status, none.body.data]).toEqual([200, []]);
  });
});

describe("order=desc: what is refused (422)", () => {
  it("after with order=desc names `after` and says why; an unknown order names `order`", async () => {
    const { store } = await storeWithEvents();
    for (const after of ["0", "3"]) {
      const res = await events(store, store.owner.jwt, `?order=desc&after=${after}`);
      expect([res.status, res.body.errors?.[0]?.path], after).toEqual([422, "after"]);
      expect(res.body.errors[0].message).toMatch(/order=desc/);
      expect(res.body.errors[0].message).toMatch(/oldest first/);
    }
    expect((await events(store, store.owner.jwt, "?order=asc&after=3")).status).toBe(200);
    const bogus = await events(store, store.owner.jwt, "?order=newest");
    expect([bogus.status, bogus.body.errors?.[0]?.path]).toEqual([422, "order"]);
  });

  it("a cursor belongs to its order: an oldest-first cursor with order=desc, or the reverse, names `cursor`", async () => {
    const { store } = await storeWithEvents();
    const asc = (await events(store, store.owner.jwt, "?limit=2")).body.pagination.next_cursor;
    const desc = (await events(store, store.owner.jwt, "?limit=2&order=desc")).body.pagination.next_cursor;
    expect(asc).not.toBe(desc);
    for (const query of [`?order=desc&cursor=${asc}`, `?cursor=${desc}`, `?order=asc&cursor=${desc}`]) {
      const res = await events(store, store.owner.jwt, query);
      expect([res.status, res.body.errors?.[0]?.path], query).toEqual([422, "cursor"]);
    }
  });
});
