// paginate() follows pagination.next_cursor until it is null, yielding every item once.
import { describe, expect, it } from "vitest";
import { createClient } from "../src/index.js";
import { fakeFetch, json } from "./fake-fetch.js";

const page = (ids: string[], next: string | null) =>
  json(200, { data: ids.map((id) => ({ id })), pagination: { limit: 2, offset: 0, total: 5, next_cursor: next } });

describe("an async iterator over a cursor list", () => {
  it("yields every item of every page in order, passing each next_cursor as cursor and stopping at null", async () => {
    const { fetch, sent } = fakeFetch([page(["a", "b"], "c1"), page(["c", "d"], "c2"), page(["e"], null)]);
    const client = createClient({ baseUrl: "https://api.test/", token: "boi_x", fetch });
    const ids: string[] = [];
    for await (const product of client.paginate("listProducts", {
      path: { store_id: "s1" },
      query: { updated_since: "2026-11-01T00:00:00.000Z", limit: 2 },
    })) {
      ids.push(product.id);
    }
    expect(ids).toEqual(["a", "b", "c", "d", "e"]);
    expect(sent.map((r) => r.url.pathname)).toEqual(Array(3).fill("/stores/s1/products"));
    expect(sent.map((r) => r.url.searchParams.get("cursor"))).toEqual([null, "c1", "c2"]);
    // The caller's query stays on every page.
    for (const request of sent) {
      expect(request.url.searchParams.get("updated_since")).toBe("2026-11-01T00:00:00.000Z");
      expect(request.url.searchParams.get("limit")).toBe("2");
      expect(request.headers.get("Authorization")).toBe("Bearer boi_x");
    }
  });

  it("drops an offset once it follows a cursor (the API refuses the two together)", async () => {
    const { fetch, sent } = fakeFetch([page(["a"], "c1"), page(["b"], null)]);
    const client = createClient({ baseUrl: "https://api.test", fetch });
    const items = [];
    for await (const item of client.paginate("listCustomers", { path: { store_id: "s1" }, query: { offset: 40 } })) items.push(item);
    expect(items).toHaveLength(2);
    expect(sent[0].url.searchParams.get("offset")).toBe("40");
    expect(sent[1].url.searchParams.has("offset")).toBe(false);
    expect(sent[1].url.searchParams.get("cursor")).toBe("c1");
  });

  it("stops early when the loop breaks: no page is fetched beyond the one being read", async () => {
    const { fetch, sent } = fakeFetch([page(["a", "b"], "c1"), page(["c"], null)]);
    const client = createClient({ baseUrl: "https://api.test", fetch });
    for await (const order of client.paginate("listOrders", { path: { store_id: "s1" } })) if (order.id === "a") break;
    expect(sent).toHaveLength(1);
  });
});
