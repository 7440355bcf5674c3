import { describe, expect, it } from "vitest";
import { call, newStore, newToken } from "./helpers/api";

describe("smoke", () => {
  it("signs up, creates a store, issues a token and uses it", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, ["audit.read"]);
    expect(pat.token).toMatch(/^bod_[A-Za-z0-9_-]{43}$/);
    const log = await call("GET", `/stores/${store.id}/audit-log`, { token: pat.token });
    expect(log.status).toBe(200);
    expect(log.body.data.map((e: any) => e.action)).toEqual(["token.create", "store.create"]);
  });
});
