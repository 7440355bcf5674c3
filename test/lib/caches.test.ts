// Every cache an isolate keeps across requests is bounded (issue 27; docs/scale.md section 7.5): an LRU map with a
// size cap (src/lib/lru.ts), so a long-lived isolate's heap does not grow with the number of stores or addresses
// it has seen. One test per cache: the placements of stores, and the addresses refused for failed authentication.
// (Session state is not cached in the isolate at all: the user's session object answers every check.)
import { describe, expect, it } from "vitest";
import { LruMap } from "../../src/lib/lru";
import { REFUSED_ADDRESSES_KEPT, refusedAddresses } from "../../src/access/budgets";
import { PLACEMENT_CACHE_ENTRIES, type Placement, placementCache, placementOf, rememberPlacement } from "../../src/placement/store-db";
import { env } from "cloudflare:workers";

describe("an LRU map keeps at most its capacity and forgets the least recently used first", () => {
  it("a read makes an entry recent; setting past the capacity drops the oldest; a set of an existing key does not grow it", () => {
    const lru = new LruMap<string, number>(3);
    lru.set("a", 1);
    lru.set("b", 2);
    lru.set("c", 3);
    expect(lru.get("a")).toBe(1); // a is now the most recent: b is the oldest
    lru.set("d", 4);
    expect(lru.size).toBe(3);
    expect(lru.has("b")).toBe(false);
    expect([lru.get("a"), lru.get("c"), lru.get("d")]).toEqual([1, 3, 4]);
    lru.set("c", 30);
    expect(lru.size).toBe(3);
    expect(lru.get("c")).toBe(30);
    expect(() => new LruMap(0)).toThrow();
  });
});

describe("the placement cache holds at most 10,000 stores", () => {
  it("after 10,000 + 500 stores it holds 10,000; the stores read recently stay, the oldest unread ones are gone (and are read from the directory again)", async () => {
    placementCache.clear();
    const placement = (i: number): Placement => ({ storeId: `store-${i}`, shard: "STORE_DB_001", state: "active", version: 1 });
    for (let i = 0; i < PLACEMENT_CACHE_ENTRIES; i++) rememberPlacement(placement(i));
    // Store 0 is looked up (a hit: no directory read), so it is recent; stores 1..500 are not.
    expect(await placementOf(env, "store-0")).toEqual(placement(0));
    for (let i = PLACEMENT_CACHE_ENTRIES; i < PLACEMENT_CACHE_ENTRIES + 500; i++) rememberPlacement(placement(i));
    expect(PLACEMENT_CACHE_ENTRIES).toBe(10_000);
    expect(placementCache.size).toBe(PLACEMENT_CACHE_ENTRIES);
    expect(placementCache.has("store-0")).toBe(true);
    expect(placementCache.has("store-1")).toBe(false);
    expect(placementCache.has("store-500")).toBe(false);
    expect(placementCache.has("store-501")).toBe(true);
    // Not cached any more: the directory decides (no such store there).
    expect(await placementOf(env, "store-1")).toBeNull();
    placementCache.clear();
  });
});

describe("the refused-address cache holds at most 10,000 addresses", () => {
  it("10,000 + 1 refusals keep 10,000; the oldest address goes first", () => {
    refusedAddresses.clear();
    const until = Date.now() + 60_000;
    for (let i = 0; i <= REFUSED_ADDRESSES_KEPT; i++) refusedAddresses.set(`198.51.${i >> 8}.${i & 255}`, until);
    expect(REFUSED_ADDRESSES_KEPT).toBe(10_000);
    expect(refusedAddresses.size).toBe(REFUSED_ADDRESSES_KEPT);
    expect(refusedAddresses.has("198.51.0.0")).toBe(false);
    expect(refusedAddresses.has("198.51.0.1")).toBe(true);
    refusedAddresses.clear();
  });
});
