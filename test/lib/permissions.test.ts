// Permission masks (docs/api/01-conventions.md and docs/api/04-permission-bits.md): BigInt throughout, bit 61 exact through D1 and the API, JSON as
// decimal strings plus names, inputs as either.
import { describe, expect, it } from "vitest";
import { maskInput } from "../../src/lib/permissions";
import { addMember, call, newStore, newToken } from "../helpers/api";
import { sqlFirst } from "../helpers/support";

// 2^61 + 1 is not representable as a JS number: Number(2n ** 61n + 1n) === 2 ** 61. Any detour through a
// number would turn it into 2305843009213693952.
const BIT61_PLUS_0 = ((1n << 61n) | 1n).toString(); // "2305843009213693953"
const OWNER_MASK = ((1n << 61n) | ((1n << 25n) - 1n)).toString(); // bits 0..24 and 61 ("2305843009247248383")

describe("bit 61 round-trips exactly through the database and the API", () => {
  it("a member mask of audit.read + products.read, given as a decimal string", async () => {
    expect(Number(BIT61_PLUS_0).toString()).not.toBe(BIT61_PLUS_0);
    const store = await newStore();
    const member = await addMember(store, BIT61_PLUS_0);
    const stored = await sqlFirst<{ permissions: unknown }>("SELECT permissions FROM memberships WHERE store_id = ? AND user_id = ?", store.id, member.id);
    expect(stored!.permissions).toBe(BIT61_PLUS_0);
    const members = await call("GET", `/stores/${store.id}/members`, { token: store.owner.jwt });
    const row = members.body.data.find((m: any) => m.user_id === member.id);
    expect(row.permissions).toBe(BIT61_PLUS_0);
    expect(row.permission_names.sort()).toEqual(["audit.read", "products.read"]);
    const me = await call("GET", "/me", { token: member.jwt });
    expect(me.body.stores[0].permissions).toBe(BIT61_PLUS_0);
    // And it is a working permission, not just a stored number.
    expect((await call("GET", `/stores/${store.id}/audit-log`, { token: member.jwt })).status).toBe(200);
  });

  it("a token scope with bit 61, through create, read, rotate and the database", async () => {
    const store = await newStore();
    const created = await call("POST", `/stores/${store.id}/api-tokens`, { token: store.owner.jwt, body: { name: "b61", scopes: BIT61_PLUS_0 } });
    expect(created.body.scopes).toBe(BIT61_PLUS_0);
    const row = await sqlFirst<{ scopes: unknown }>("SELECT scopes FROM api_tokens WHERE id = ?", created.body.id);
    expect(row!.scopes).toBe(BIT61_PLUS_0);
    const read = await call("GET", `/stores/${store.id}/api-tokens/${created.body.id}`, { token: store.owner.jwt });
    expect(read.body.scopes).toBe(BIT61_PLUS_0);
    const rotated = await call("POST", `/stores/${store.id}/api-tokens/${created.body.id}/rotate`, { token: store.owner.jwt });
    expect(rotated.body.scopes).toBe(BIT61_PLUS_0);
    const me = await call("GET", "/me", { token: rotated.body.token });
    expect(me.body.stores[0].permissions).toBe(BIT61_PLUS_0);
  });

  it("the owner's mask is every defined bit, bit 61 included, as a string", async () => {
    const store = await newStore();
    const me = await call("GET", "/me", { token: store.owner.jwt });
    expect(me.body.stores[0].permissions).toBe(OWNER_MASK);
    const row = await sqlFirst<{ permissions: unknown }>("SELECT permissions FROM memberships WHERE store_id = ?", store.id);
    expect(row!.permissions).toBe(OWNER_MASK);
  });
});

describe("masks in JSON are decimal strings with names; inputs accept a decimal string or a list of names", () => {
  it("both input forms give the same mask", async () => {
    const store = await newStore();
    const byNames = await newToken(store.id, store.owner.jwt, ["audit.read", "products.read"]);
    const byString = await newToken(store.id, store.owner.jwt, BIT61_PLUS_0);
    expect(byNames.scopes).toBe(byString.scopes);
    expect(typeof byNames.scopes).toBe("string");
    const empty = await newToken(store.id, store.owner.jwt, "0");
    expect(empty.scopes).toBe("0");
  });

  it("maskInput parses to BigInt and rejects bits that name no permission", () => {
    expect(maskInput.parse(BIT61_PLUS_0)).toBe((1n << 61n) | 1n);
    expect(maskInput.parse(["audit.read"])).toBe(1n << 61n);
    expect(maskInput.parse([])).toBe(0n);
    for (const bad of [String(1n << 62n), String(1n << 40n), "18446744073709551616", "-1", "", " 1", "0x1", 1, null, ["x"], [1]]) {
      expect(maskInput.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it("the API answers 422 for such masks", async () => {
    const store = await newStore();
    for (const permissions of [String(1n << 62n), "99999999999999999999", "1e3", ["audit.read", "nope"]]) {
      const res = await call("POST", `/stores/${store.id}/invites`, { token: store.owner.jwt, body: { email: "m@example.test", permissions } });
      expect(res.status, JSON.stringify(permissions)).toBe(422);
      expect(res.body.code).toBe("validation_failed");
    }
  });
});
