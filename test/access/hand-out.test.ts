// No credential yields more than its holder has (docs/api/13b-holder-limits.md, issue 32 item 1): every place that hands out
// a raw credential value (PAT create and rotate, integration create and rotate, invite create) checks the value's
// effective permission against the caller's at that moment (src/access/hand-out.ts). On 26652c0 a member holding
// products.read and integrations.manage rotated the owner's customers.read integration and got its new key.
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NEVER_IN_SCOPE } from "../../src/integrations/integrations.service";
import { ALL_PERMISSIONS, PERMISSION_NAMES, type Permission, bitOf } from "../../src/lib/permissions";
import { type ApiResponse, addMember, call, newStore, newToken } from "../helpers/api";
import { writeBeforeNextBatches } from "../helpers/d1-batches";

const integrationsPath = (storeId: string) => `/stores/${storeId}/integrations`;
const tokensPath = (storeId: string) => `/stores/${storeId}/api-tokens`;
const maskOf = (names: readonly Permission[]) => names.reduce((mask, name) => mask | bitOf(name), 0n);

async function ownerIntegration(store: { id: string; owner: { jwt: string } }, scopes: string[]) {
  const res = await call("POST", integrationsPath(store.id), { token: store.owner.jwt, body: { name: "ERP", scopes } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; token: string };
}

describe("rotating an integration needs every bit of its scope", () => {
  it("a member with products.read and integrations.manage cannot rotate a customers/orders integration: 422, the ERP's key keeps working", async () => {
    const store = await newStore();
    const erp = await ownerIntegration(store, ["customers.read", "orders.read", "orders.write"]);
    const member = await addMember(store, ["products.read", "integrations.manage"]);
    const rotate = await call("POST", `${integrationsPath(store.id)}/${erp.id}/rotate`, { token: member.jwt, body: {} });
    expect([rotate.status, rotate.body.code]).toEqual([422, "scope_exceeds_permissions"]);
    expect(rotate.body.errors[0].path).toBe("scopes");
    expect(rotate.body.detail).toContain("customers.read");
    expect(rotate.body.token).toBeUndefined();
    expect((await call("GET", `/stores/${store.id}/customers`, { token: erp.token })).status).toBe(200);
    const record = await call("GET", `${integrationsPath(store.id)}/${erp.id}`, { token: store.owner.jwt });
    expect(record.body.rotated_at).toBeNull();
  });

  it("the same through a PAT scoped to integrations.manage alone, even of the owner", async () => {
    const store = await newStore();
    const erp = await ownerIntegration(store, ["customers.read"]);
    const pat = await newToken(store.id, store.owner.jwt, ["integrations.manage"]);
    const rotate = await call("POST", `${integrationsPath(store.id)}/${erp.id}/rotate`, { token: pat.token, body: { previous_expires_in: 0 } });
    expect([rotate.status, rotate.body.code]).toEqual([422, "scope_exceeds_permissions"]);
    expect((await call("GET", `/stores/${store.id}/customers`, { token: erp.token })).status).toBe(200);
  });

  it("a caller holding every bit of the scope still rotates it", async () => {
    const store = await newStore();
    const erp = await ownerIntegration(store, ["products.read", "orders.read"]);
    const member = await addMember(store, ["products.read", "orders.read", "integrations.manage"]);
    const rotate = await call("POST", `${integrationsPath(store.id)}/${erp.id}/rotate`, { token: member.jwt, body: {} });
    expect(rotate.status, rotate.text).toBe(200);
    expect((await call("GET", `/stores/${store.id}/orders`, { token: rotate.body.token })).status).toBe(200);
  });
});

describe("a teammate's PAT is rotated only within the caller's effective permission", () => {
  it("what counts is the value's effective permission (scope AND its user's bits), not the bare scope", async () => {
    const store = await newStore();
    const teammate = await addMember(store, ["products.read", "orders.read"]);
    const theirs = await newToken(store.id, teammate.jwt, ["products.read", "orders.read"]);
    // The teammate is narrowed to products.read: the token's value now acts with products.read only.
    await call("PATCH", `/stores/${store.id}/members/${teammate.id}`, { token: store.owner.jwt, body: { permissions: ["products.read"] } });
    const manager = await addMember(store, ["products.read", "tokens.manage"]);
    const rotate = await call("POST", `${tokensPath(store.id)}/${theirs.id}/rotate`, { token: manager.jwt });
    expect(rotate.status, rotate.text).toBe(200);
    // Given orders.read back, the same value would act with it: the manager, who lacks it, may no longer rotate.
    await call("PATCH", `/stores/${store.id}/members/${teammate.id}`, { token: store.owner.jwt, body: { permissions: ["products.read", "orders.read"] } });
    const again = await call("POST", `${tokensPath(store.id)}/${theirs.id}/rotate`, { token: manager.jwt });
    expect([again.status, again.body.code]).toEqual([422, "scope_exceeds_permissions"]);
  });
});

/**
 * The property: for random caller permissions (a member's bits, through their session or a PAT with a random scope)
 * and random target scopes, whatever raw value a credential-issuing route hands out acts with no bit the caller
 * lacks; and a value within the caller's permission is handed out (so the rule refuses only what it must).
 */
describe("property: a value handed out never holds a bit its caller lacks", () => {
  const integrationBits = PERMISSION_NAMES.filter((name) => !NEVER_IN_SCOPE.includes(name));
  const managing: Permission[] = ["tokens.manage", "integrations.manage", "members.manage"];
  const scenario = fc
    .record({
      member: fc.subarray([...PERMISSION_NAMES]),
      viaPat: fc.boolean(),
      patScope: fc.subarray([...PERMISSION_NAMES]),
      pick: fc.double({ min: 0, max: 1, noNaN: true }),
      wide: fc.subarray([...PERMISSION_NAMES], { minLength: 1 }),
    })
    .map(({ member, viaPat, patScope, pick, wide }) => {
      // The member always holds the managing bits, so the rule under test (not the route's bit) decides.
      const memberMask = maskOf([...new Set([...member, ...managing])]);
      const callerMask = viaPat ? memberMask & maskOf([...new Set([...patScope, ...managing])]) : memberMask;
      // Half the targets lie within the caller's permission, half anywhere.
      const target = pick < 0.5 ? wide.filter((name) => (callerMask & bitOf(name)) !== 0n) : wide;
      return { memberMask, viaPat, patMask: viaPat ? maskOf([...new Set([...patScope, ...managing])]) : null, callerMask, target: maskOf(target) };
    });

  const names = (mask: bigint) => PERMISSION_NAMES.filter((name) => (mask & bitOf(name)) !== 0n);
  const within = (mask: bigint, caller: bigint) => (mask & ~caller) === 0n;

  it("for PAT create and rotate, integration create and rotate, and invite create", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ memberMask, patMask, callerMask, target }) => {
        const store = await newStore();
        const member = await addMember(store, memberMask.toString());
        const caller = patMask === null ? member.jwt : (await newToken(store.id, member.jwt, (patMask & memberMask).toString())).token;
        const forIntegration = target & maskOf(integrationBits);
        const checks: Array<{ what: string; res: ApiResponse; effective: (body: any) => bigint; wanted: bigint }> = [];

        // PAT create for the caller themself (a PAT may only create for its own user).
        const patScope = target & memberMask;
        const patCreate = await call("POST", tokensPath(store.id), { token: caller, body: { name: "p", scopes: patScope.toString() } });
        checks.push({ what: "PAT create", res: patCreate, effective: (b) => BigInt(b.scopes) & memberMask, wanted: patScope });

        // PAT rotate: the owner's token, whose value acts with its whole scope (the owner holds every bit).
        const ownerPat = await newToken(store.id, store.owner.jwt, target.toString());
        const patRotate = await call("POST", `${tokensPath(store.id)}/${ownerPat.id}/rotate`, { token: caller });
        checks.push({ what: "PAT rotate", res: patRotate, effective: (b) => BigInt(b.scopes) & ALL_PERMISSIONS, wanted: target });

        // Integration create and rotate (the owner's integration, of the same scope).
        const integrationCreate = await call("POST", integrationsPath(store.id), { token: caller, body: { name: "i", scopes: forIntegration.toString() } });
        checks.push({ what: "integration create", res: integrationCreate, effective: (b) => BigInt(b.scopes), wanted: forIntegration });
        const ownerIntegrationRow = await ownerIntegration(store, names(forIntegration));
        const integrationRotate = await call("POST", `${integrationsPath(store.id)}/${ownerIntegrationRow.id}/rotate`, { token: caller, body: {} });
        checks.push({ what: "integration rotate", res: integrationRotate, effective: (b) => BigInt(b.scopes), wanted: forIntegration });

        // Invite create.
        const invite = await call("POST", `/stores/${store.id}/invites`, { token: caller, body: { email: "x@example.test", permissions: target.toString() } });
        checks.push({ what: "invite create", res: invite, effective: (b) => BigInt(b.permissions), wanted: target });

        for (const { what, res, effective, wanted } of checks) {
          const context = `${what}: caller ${names(callerMask)}, value ${names(wanted)}: ${res.status} ${res.text}`;
          if (within(wanted, callerMask)) {
            expect(res.status, context).toBe(what.endsWith("rotate") ? 200 : 201);
          } else {
            expect([res.status, res.body.code], context).toEqual([422, "scope_exceeds_permissions"]);
          }
          if (res.status < 300) {
            expect(res.body.token ?? res.body.id, context).toBeTruthy();
            expect(within(effective(res.body), callerMask), context).toBe(true);
          }
        }
      }),
      { numRuns: 20, seed: 3203, endOnFailure: true },
    );
  }, 240_000);
});

// The rule is checked again inside the batch that stores the value: a demotion that commits between the check and
// the batch (another request of the owner's) leaves nothing handed out.
describe("a demotion racing the hand-out: 409 conflict, nothing handed out", () => {
  afterEach(() => vi.restoreAllMocks());

  const demote = (storeId: string, userId: string, to: Permission[]) =>
    writeBeforeNextBatches(`UPDATE memberships SET permissions = '${maskOf(to)}' WHERE store_id = ? AND user_id = ?`, storeId, userId);

  it("integration rotate: the ERP's key keeps working", async () => {
    const store = await newStore();
    const erp = await ownerIntegration(store, ["orders.read"]);
    const member = await addMember(store, ["orders.read", "integrations.manage"]);
    demote(store.id, member.id, ["integrations.manage"]);
    const rotate = await call("POST", `${integrationsPath(store.id)}/${erp.id}/rotate`, { token: member.jwt, body: {} });
    expect([rotate.status, rotate.body.code, rotate.body.token]).toEqual([409, "conflict", undefined]);
    vi.restoreAllMocks();
    expect((await call("GET", `/stores/${store.id}/orders`, { token: erp.token })).status).toBe(200);
  });

  it("invite create: no invite is stored", async () => {
    const store = await newStore();
    const member = await addMember(store, ["orders.read", "members.manage"]);
    demote(store.id, member.id, ["members.manage"]);
    const invite = await call("POST", `/stores/${store.id}/invites`, { token: member.jwt, body: { email: "x@example.test", permissions: ["orders.read"] } });
    expect([invite.status, invite.body.code, invite.body.token]).toEqual([409, "conflict", undefined]);
    vi.restoreAllMocks();
    expect((await call("GET", `/stores/${store.id}/invites`, { token: store.owner.jwt })).body.pagination.total).toBe(0);
  });

  it("PAT create for oneself: no token is stored", async () => {
    const store = await newStore();
    const member = await addMember(store, ["orders.read", "products.read"]);
    demote(store.id, member.id, ["products.read"]);
    const created = await call("POST", tokensPath(store.id), { token: member.jwt, body: { name: "t", scopes: ["orders.read"] } });
    expect([created.status, created.body.code, created.body.token]).toEqual([409, "conflict", undefined]);
  });
});
