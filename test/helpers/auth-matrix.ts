// The auth matrix every store-scoped endpoint must pass (API.md sections 1, 2, 5 and 16): no token → 401, a bad
// token (PAT or integration key) → 401, another store's token or integration key → 403, a token, an integration key
// (where an integration may hold the bit at all) and a member's session lacking exactly the route's bit → 403 naming
// that bit, and a token holding every bit gets past authentication and authorization.
//
// Usage, as its own describe block (one `it` per case, fixture created once in beforeAll):
//
//   authMatrix({
//     method: "PATCH",
//     name: "PATCH /stores/{store_id}/products/{id}",
//     permission: "products.edit",
//     setup: async (store) => (await call("POST", `/stores/${store.id}/products`, {
//       token: store.adminToken, body: { title: "T", product_type: "single" } })).body,
//     path: (storeId, product) => `/stores/${storeId}/products/${product.id}`,
//     body: { title: "New title" },                  // or (fixture) => ({...}); a FormData is fine too
//   });
//
// Put `setup` before `path`/`body`/`headers`: TypeScript infers the fixture type from `setup` in source order.
//
// or inside one test: `it("...", () => expectAuthMatrix({ ... }))`.
// `path` may also be a string containing `{store_id}`. `permission: "member"` means "any member of the store"
// (no bit): the lacking-bit case then uses a token whose scope is empty and expects it to pass.
// `setup` receives the store (owner, owner JWT, and `adminToken`: an owner PAT holding every bit) and returns a
// fixture handed to `path` and `body`. `allowed` (default true) checks that a token with every bit is not
// answered 401/403; set `expectAllowed: <status>` to assert the exact status instead.
import { beforeAll, describe, expect, it } from "vitest";
import { type Permission, PERMISSION_NAMES } from "../../src/lib/permissions";
import { INTEGRATION_PREFIX, generateTokenValue } from "../../src/access/token-format";
import { NEVER_IN_SCOPE } from "../../src/integrations/integrations.service";
import { type ApiResponse, type TestStore, addMember, call, newStore, newToken } from "./api";

export interface MatrixStore extends TestStore {
  /** An owner PAT holding every permission bit. */
  adminToken: string;
}

export interface AuthMatrixOptions<F = unknown> {
  method: string;
  path: string | ((storeId: string, fixture: F) => string);
  /** The permission the route declares, or "member" for routes open to any member. */
  permission: Permission | "member";
  body?: unknown | ((fixture: F) => unknown);
  headers?: Record<string, string> | ((fixture: F) => Record<string, string>);
  setup?: (store: MatrixStore) => Promise<F>;
  /** Title of the describe block (authMatrix only). */
  name?: string;
  /** Check that a token holding every bit passes auth (default true). */
  allowed?: boolean;
  /** The exact status a token holding every bit gets (otherwise: anything but 401/403). */
  expectAllowed?: number;
}

interface Fixture<F> {
  store: MatrixStore;
  fixture: F;
  /** A PAT of another store, holding every bit there. */
  foreignToken: string;
  /** The session JWT of the other store's owner (not a member of this store). */
  foreignJwt: string;
  /** An owner PAT holding every bit but the route's. */
  lackingToken: string;
  /** The session JWT of a member holding every bit but the route's. */
  lackingMemberJwt: string;
  /** An integration key of another store, holding every bit an integration may hold there. */
  foreignIntegrationKey: string;
  /** An integration key of this store holding every bit an integration may hold but the route's (null: it could never hold it anyway, or "member"). */
  lackingIntegrationKey: string | null;
}

/** Every bit an integration may hold (API.md section 16). */
const INTEGRATION_BITS = PERMISSION_NAMES.filter((name) => !NEVER_IN_SCOPE.includes(name));

/** An integration key in `storeId`, created with `jwt`'s session. */
export async function newIntegrationKey(storeId: string, jwt: string, scopes: string[]): Promise<string> {
  const res = await call("POST", `/stores/${storeId}/integrations`, { token: jwt, body: { name: "matrix", scopes } });
  if (res.status !== 201) throw new Error(`integration failed: ${res.status} ${res.text}`);
  return res.body.token;
}

const allBut = (permission: Permission | "member") =>
  PERMISSION_NAMES.filter((name) => name !== permission);

async function createFixture<F>(options: AuthMatrixOptions<F>): Promise<Fixture<F>> {
  const [base, foreign] = await Promise.all([newStore(), newStore()]);
  const admin = await newToken(base.id, base.owner.jwt, [...PERMISSION_NAMES]);
  const store: MatrixStore = { ...base, adminToken: admin.token };
  const foreignToken = (await newToken(foreign.id, foreign.owner.jwt, [...PERMISSION_NAMES])).token;
  const lackingScopes = options.permission === "member" ? [] : allBut(options.permission);
  const lackingToken = (await newToken(base.id, base.owner.jwt, lackingScopes)).token;
  const lackingMember = await addMember(base, lackingScopes);
  const foreignIntegrationKey = await newIntegrationKey(foreign.id, foreign.owner.jwt, INTEGRATION_BITS);
  const mayHold = options.permission !== "member" && !NEVER_IN_SCOPE.includes(options.permission);
  const lackingIntegrationKey = mayHold ? await newIntegrationKey(base.id, base.owner.jwt, INTEGRATION_BITS.filter((b) => b !== options.permission)) : null;
  const fixture = options.setup ? await options.setup(store) : (undefined as F);
  return {
    store,
    fixture,
    foreignToken,
    foreignJwt: foreign.owner.jwt,
    lackingToken,
    lackingMemberJwt: lackingMember.jwt,
    foreignIntegrationKey,
    lackingIntegrationKey,
  };
}

function requester<F>(options: AuthMatrixOptions<F>, f: Fixture<F>) {
  const path = typeof options.path === "string" ? options.path.replaceAll("{store_id}", f.store.id) : options.path(f.store.id, f.fixture);
  return (token: string | undefined, rawAuthorization?: string): Promise<ApiResponse> => {
    const body = typeof options.body === "function" ? (options.body as (x: F) => unknown)(f.fixture) : options.body;
    const extra = typeof options.headers === "function" ? options.headers(f.fixture) : options.headers;
    const headers: Record<string, string> = { ...extra };
    if (rawAuthorization !== undefined) headers.Authorization = rawAuthorization;
    return call(options.method, path, { token, body, headers });
  };
}

const label = (options: AuthMatrixOptions<any>) => `${options.method} ${options.path.toString()}`;

function expectProblem(res: ApiResponse, status: number, code: string, context: string) {
  expect(res.status, `${context}: ${res.text}`).toBe(status);
  expect(res.headers.get("Content-Type"), context).toMatch(/^application\/problem\+json/);
  expect(res.body?.code, context).toBe(code);
  if (status === 401) expect(res.headers.get("WWW-Authenticate"), context).toMatch(/^Bearer/);
}

async function checkUnauthenticated<F>(options: AuthMatrixOptions<F>, f: Fixture<F>) {
  const send = requester(options, f);
  expectProblem(await send(undefined), 401, "unauthenticated", `${label(options)} without a token`);
}

async function checkBadTokens<F>(options: AuthMatrixOptions<F>, f: Fixture<F>) {
  const send = requester(options, f);
  const unknownPat = generateTokenValue(); // well formed, valid checksum, in no database
  const unknownIntegrationKey = generateTokenValue(INTEGRATION_PREFIX);
  const key = f.foreignIntegrationKey;
  const badIntegrationChecksum = key.slice(0, 10) + (key[10] === "A" ? "B" : "A") + key.slice(11);
  // Change one character inside the random part (the last character also carries base64 padding bits).
  const t = f.store.adminToken;
  const badChecksum = t.slice(0, 10) + (t[10] === "A" ? "B" : "A") + t.slice(11);
  const cases: Array<[string, string | undefined, string?]> = [
    ["an unknown PAT", unknownPat],
    ["a PAT with a bad checksum", badChecksum],
    ["a PAT with its prefix stripped", f.store.adminToken.slice(4)],
    ["an unknown integration key", unknownIntegrationKey],
    ["an integration key with a bad checksum", badIntegrationChecksum],
    ["a PAT's value under the integration prefix", INTEGRATION_PREFIX + f.store.adminToken.slice(4)],
    ["a forged JWT", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl"],
    ["a non-Bearer scheme", undefined, `Basic ${btoa("a:b")}`],
  ];
  for (const [what, token, raw] of cases) {
    expectProblem(await send(token, raw), 401, "unauthenticated", `${label(options)} with ${what}`);
  }
}

async function checkForeign<F>(options: AuthMatrixOptions<F>, f: Fixture<F>) {
  const send = requester(options, f);
  expectProblem(await send(f.foreignToken), 403, "forbidden", `${label(options)} with another store's PAT`);
  expectProblem(await send(f.foreignJwt), 403, "forbidden", `${label(options)} with a non-member's JWT`);
  expectProblem(await send(f.foreignIntegrationKey), 403, "forbidden", `${label(options)} with another store's integration key`);
}

async function checkLacking<F>(options: AuthMatrixOptions<F>, f: Fixture<F>) {
  const send = requester(options, f);
  if (options.permission === "member") {
    for (const [what, token] of [["an empty-scope PAT", f.lackingToken], ["a member without bits", f.lackingMemberJwt]]) {
      const res = await send(token);
      expect([401, 403], `${label(options)} with ${what}: ${res.text}`).not.toContain(res.status);
    }
    return;
  }
  const lacking: Array<[string, string]> = [
    [`an owner PAT lacking ${options.permission}`, f.lackingToken],
    [`a member session lacking ${options.permission}`, f.lackingMemberJwt],
  ];
  if (f.lackingIntegrationKey) lacking.push([`an integration key lacking ${options.permission}`, f.lackingIntegrationKey]);
  for (const [what, token] of lacking) {
    const res = await send(token);
    expectProblem(res, 403, "forbidden", `${label(options)} with ${what}`);
    expect(res.body.missing_permission, `${label(options)} with ${what}`).toBe(options.permission);
  }
}

async function checkAllowed<F>(options: AuthMatrixOptions<F>, f: Fixture<F>) {
  if (options.allowed === false) return;
  const res = await requester(options, f)(f.store.adminToken);
  if (options.expectAllowed !== undefined) expect(res.status, `${label(options)}: ${res.text}`).toBe(options.expectAllowed);
  else expect([401, 403], `${label(options)} with every bit: ${res.status} ${res.text}`).not.toContain(res.status);
}

/** All matrix checks inside one test. */
export async function expectAuthMatrix<F = unknown>(options: AuthMatrixOptions<F>): Promise<void> {
  const f = await createFixture(options);
  await checkUnauthenticated(options, f);
  await checkBadTokens(options, f);
  await checkForeign(options, f);
  await checkLacking(options, f);
  await checkAllowed(options, f);
}

/** The matrix as its own describe block, one test per case. */
export function authMatrix<F = unknown>(options: AuthMatrixOptions<F>): void {
  describe(`auth matrix: ${options.name ?? label(options)}`, () => {
    let f: Fixture<F>;
    beforeAll(async () => {
      f = await createFixture(options);
    });
    it("no token → 401 unauthenticated with WWW-Authenticate: Bearer", () => checkUnauthenticated(options, f));
    it("bad tokens (unknown, bad checksum, stripped prefix, forged JWT, other scheme; PATs and integration keys) → 401", () => checkBadTokens(options, f));
    it("another store's token or integration key, or a non-member's session → 403", () => checkForeign(options, f));
    it(
      options.permission === "member" ? "any member passes, even with no bits" : `lacking ${options.permission} → 403 naming it`,
      () => checkLacking(options, f),
    );
    if (options.allowed !== false) it("a token with every bit passes auth", () => checkAllowed(options, f));
  });
}
