// The authorization matrix (docs/api/01-conventions.md, docs/api/02-errors.md, docs/api/05-personal-access-tokens.md, docs/api/13-security.md, docs/api/14-store-databases-and-operators.md and docs/api/16-integrations.md): what each access rule of an operation's
// `x-required-permission` means for every kind of caller. The one implementation of these checks.
//
//   a permission (or several, "a, b": all required)
//     no token → 401, a bad token (PAT or integration key) → 401, another store's token or integration key and a
//     non-member's session → 403, an owner PAT, a member's session and an integration key (where an integration may
//     hold the bit at all) lacking exactly the bit → 403 naming it in `missing_permission` (each bit in turn), and a
//     token holding every bit passes.
//   one of bits ("a | b": which one depends on what the request finds)
//     as a permission, but the credentials lacking a bit lack every one of them (→ 403 naming the first); the
//     operation's own tests check which bit each case needs.
//   member          as above, but a PAT without bits and a member without bits pass.
//   session         no token and bad tokens → 401, a PAT and an integration key → 403, a session JWT passes.
//   authenticated   no token and bad tokens → 401; a session JWT, a PAT and an integration key pass.
//   none            no token passes.
//   ops             no token, bad tokens, a store owner's session JWT and PAT → 401; OPS_TOKEN passes.
//
// "Passes" means not 401/403, or exactly `expectAllowed` when the row gives it.
//
// test/security/authorization-matrix.test.ts runs every operation of the OpenAPI document through it: the
// document gives each operation's method and rule, and each domain's `auth-rows.ts` gives a row (how to reach the
// operation) keyed by operationId:
//
//   getProduct: matrixRow({
//     setup: async (store) => (await call("POST", `/stores/${store.id}/products`, {
//       token: store.adminToken, body: { title: "T", product_type: "single" } })).body,
//     path: (storeId, product) => `/stores/${storeId}/products/${product.id}`,
//     body: { title: "New title" },                  // or (fixture) => ({...}); a FormData is fine too
//     expectAllowed: 200,
//   }),
//
// Put `setup` before `path`/`body`/`headers`: TypeScript infers the fixture type from `setup` in source order.
// `path` may also be a string containing `{store_id}`. `setup` receives the store (owner, owner JWT, and `adminToken`:
// an owner PAT holding every bit), shared by every row of the same rule: it creates the row's own targets there, and
// a row that revokes, rotates, deletes or logs out acts on its own target, never on the shared credentials.
//
// The test runs `rowMatrixCases(...)` per operation: one `it` per check, sharing the operation's target.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { type Permission, PERMISSION_NAMES } from "../../src/lib/permissions";
import { INTEGRATION_PREFIX, generateTokenValue } from "../../src/access/token-format";
import { NEVER_IN_SCOPE } from "../../src/integrations/integrations.service";
import { type ApiResponse, type TestStore, addMember, call, newStore, newToken } from "./api";

export interface MatrixStore extends TestStore {
  /** An owner PAT holding every permission bit. */
  adminToken: string;
}

/**
 * A store-scoped rule: one bit, several bits all required, plain membership, or one of several bits (`a | b`: which
 * one a request needs depends on what it finds, e.g. products.write to create, products.edit to change; the matrix
 * checks that holding none is a 403 naming the first, and the operation's own tests check which one is needed).
 */
export type StoreRule = Permission | readonly Permission[] | "member" | { readonly anyOf: readonly Permission[] };
/** Every rule an operation's `x-required-permission` can state. */
export type AccessRule = StoreRule | "session" | "authenticated" | "none" | "ops";

/** A member-variant caller with its own target (see `MatrixRow.memberCallers`). */
export interface MemberCaller<F> {
  what: string;
  token: string;
  fixture: F;
}

/** A JSON value, a FormData, or raw text. */
type RequestBody = Record<string, unknown> | unknown[] | FormData | string;

/** How to reach one operation: its path, body and headers, and what a caller who may call it gets. */
export interface MatrixRow<F = unknown> {
  /** Creates the row's own targets in the shared store; its result is handed to `path`, `body` and `headers`. */
  setup?: (store: MatrixStore) => Promise<F>;
  path: string | ((storeId: string, fixture: F) => string);
  body?: RequestBody | ((fixture: F) => RequestBody);
  headers?: Record<string, string> | ((fixture: F) => Record<string, string>);
  /** `session` rows: the session JWT that passes (default: the store owner's). */
  as?: (store: MatrixStore, fixture: F) => string;
  /**
   * `member` rows whose target must be the caller's own (its own access token): the callers without bits, each
   * with its own fixture, replacing the shared ones (a PAT without bits, a member without bits).
   */
  memberCallers?: (store: MatrixStore) => Promise<Array<MemberCaller<F>>>;
  /** Check that a caller who may call it passes (default true). */
  allowed?: boolean;
  /** The exact status a caller who may call it gets (otherwise: anything but 401/403). */
  expectAllowed?: number;
}

/** A row, typed by its `setup` (an identity function: TypeScript infers the fixture type). */
export const matrixRow = <F = undefined>(row: MatrixRow<F>): MatrixRow<F> => row;

/** Rows keyed by operationId. */
export type MatrixRows = Record<string, MatrixRow<any>>;

/** `x-required-permission` as the document states it: "products.read", "products.write, products.edit", "member", ... */
export function ruleOf(declared: string): AccessRule {
  if (["member", "session", "authenticated", "none", "ops"].includes(declared)) return declared as AccessRule;
  const anyOf = declared.includes("|");
  const bits = declared.split(anyOf ? "|" : ",").map((bit) => bit.trim());
  const unknown = bits.filter((bit) => !(PERMISSION_NAMES as string[]).includes(bit));
  if (unknown.length > 0) throw new Error(`x-required-permission "${declared}" names no permission: ${unknown.join(", ")}`);
  if (anyOf) return { anyOf: bits as Permission[] };
  return bits.length === 1 ? (bits[0] as Permission) : (bits as Permission[]);
}

const isStoreRule = (rule: AccessRule): rule is StoreRule => !["session", "authenticated", "none", "ops"].includes(rule as string);
const isAnyOf = (rule: AccessRule): rule is { anyOf: readonly Permission[] } => typeof rule === "object" && "anyOf" in rule;
const bitsOf = (rule: StoreRule): Permission[] =>
  rule === "member" ? [] : typeof rule === "string" ? [rule] : isAnyOf(rule) ? [...rule.anyOf] : [...(rule as readonly Permission[])];
const ruleName = (rule: AccessRule) => (typeof rule === "string" ? rule : isAnyOf(rule) ? rule.anyOf.join(" | ") : (rule as readonly Permission[]).join(", "));

/** Credentials of another store: its owner's session, a PAT and an integration key holding every bit there. */
interface Foreign {
  token: string;
  jwt: string;
  integrationKey: string;
}

/** Credentials of the store lacking one bit (or, for "member", holding none). */
interface Lacking {
  bit: Permission | null;
  /** An owner PAT holding every bit but `bit`. */
  token: string;
  /** The session JWT of a member holding every bit but `bit`. */
  memberJwt: string;
  /** An integration key holding every bit an integration may hold but `bit` (null: it could never hold it anyway). */
  integrationKey: string | null;
}

/** What a rule's checks need, shared by every row of that rule. */
export interface MatrixFixture {
  rule: AccessRule;
  store: MatrixStore;
  foreign: Foreign;
  /** Store rules: per bit, the credentials lacking it. */
  lacking: Lacking[];
  /** `session` and `authenticated`: an integration key of the store holding every bit an integration may hold. */
  integrationKey: string | null;
}

/** Every bit an integration may hold (docs/api/16-integrations.md). */
const INTEGRATION_BITS = PERMISSION_NAMES.filter((name) => !NEVER_IN_SCOPE.includes(name));

/** An integration key in `storeId`, created with `jwt`'s session. */
export async function newIntegrationKey(storeId: string, jwt: string, scopes: string[]): Promise<string> {
  const res = await call("POST", `/stores/${storeId}/integrations`, { token: jwt, body: { name: "matrix", scopes } });
  if (res.status !== 201) throw new Error(`integration failed: ${res.status} ${res.text}`);
  return res.body.token;
}

async function createForeign(): Promise<Foreign> {
  const foreign = await newStore();
  const [token, integrationKey] = await Promise.all([
    newToken(foreign.id, foreign.owner.jwt, [...PERMISSION_NAMES]),
    newIntegrationKey(foreign.id, foreign.owner.jwt, INTEGRATION_BITS),
  ]);
  return { token: token.token, jwt: foreign.owner.jwt, integrationKey };
}

/** Credentials lacking `bit`, or every bit of `without` (an `a | b` rule: the 403 names `bit`, the first). */
async function createLacking(base: TestStore, bit: Permission | null, without: Permission[] = bit === null ? [] : [bit]): Promise<Lacking> {
  const scopes = bit === null ? [] : PERMISSION_NAMES.filter((name) => !without.includes(name));
  const mayHold = bit !== null && !NEVER_IN_SCOPE.includes(bit);
  const [token, member, integrationKey] = await Promise.all([
    newToken(base.id, base.owner.jwt, scopes),
    addMember(base, scopes),
    mayHold
      ? newIntegrationKey(
          base.id,
          base.owner.jwt,
          INTEGRATION_BITS.filter((b) => !without.includes(b)),
        )
      : null,
  ]);
  return { bit, token: token.token, memberJwt: member.jwt, integrationKey };
}

/** A fresh store with its credentials for `rule` (and `foreign`'s, made too unless given). */
async function createMatrixFixture(rule: AccessRule, foreign?: Promise<Foreign>): Promise<MatrixFixture> {
  const foreignReady = foreign ?? createForeign();
  const base = await newStore();
  const admin = await newToken(base.id, base.owner.jwt, [...PERMISSION_NAMES]);
  const store: MatrixStore = { ...base, adminToken: admin.token };
  const bits: Array<Permission | null> = !isStoreRule(rule) ? [] : rule === "member" ? [null] : isAnyOf(rule) ? [rule.anyOf[0]] : bitsOf(rule);
  const lacking: Lacking[] = [];
  for (const bit of bits) lacking.push(await createLacking(base, bit, isAnyOf(rule) ? [...rule.anyOf] : undefined));
  const integrationKey = rule === "session" || rule === "authenticated" ? await newIntegrationKey(base.id, base.owner.jwt, INTEGRATION_BITS) : null;
  return { rule, store, foreign: await foreignReady, lacking, integrationKey };
}

/**
 * Fixtures shared within one test file: one per rule (a cached promise), and one other store for all of them.
 * Rows create their own targets in their rule's store.
 */
export function matrixFixtures(): (rule: AccessRule) => Promise<MatrixFixture> {
  let foreign: Promise<Foreign> | undefined;
  const byRule = new Map<string, Promise<MatrixFixture>>();
  return (rule) => {
    const key = ruleName(rule);
    let fixture = byRule.get(key);
    if (!fixture) {
      foreign ??= createForeign();
      fixture = createMatrixFixture(rule, foreign);
      byRule.set(key, fixture);
    }
    return fixture;
  };
}

/** One operation, one row, its rule's fixture and the row's own. */
interface Target<F> {
  method: string;
  rule: AccessRule;
  row: MatrixRow<F>;
  shared: MatrixFixture;
  fixture: F;
  label: string;
}

function pathOf<F>(t: Target<F>, fixture = t.fixture): string {
  const { path } = t.row;
  return typeof path === "string" ? path.replaceAll("{store_id}", t.shared.store.id) : path(t.shared.store.id, fixture);
}

/** Sends the row's request with `token` (or a raw Authorization header), for `fixture` (default: the row's). */
function send<F>(t: Target<F>, token: string | undefined, rawAuthorization?: string, fixture = t.fixture): Promise<ApiResponse> {
  const { body: rowBody, headers: rowHeaders } = t.row;
  const body = typeof rowBody === "function" ? rowBody(fixture) : rowBody;
  const headers: Record<string, string> = { ...(typeof rowHeaders === "function" ? rowHeaders(fixture) : rowHeaders) };
  if (rawAuthorization !== undefined) headers.Authorization = rawAuthorization;
  return call(t.method, pathOf(t, fixture), { token, body, headers });
}

function expectProblem(res: ApiResponse, status: number, code: string, context: string) {
  expect(res.status, `${context}: ${res.text}`).toBe(status);
  expect(res.headers.get("Content-Type"), context).toMatch(/^application\/problem\+json/);
  expect(res.body?.code, context).toBe(code);
  if (status === 401) expect(res.headers.get("WWW-Authenticate"), context).toMatch(/^Bearer/);
}

/** A caller who may call the operation: exactly `expectAllowed`, or anything but 401/403. */
function expectPasses<F>(t: Target<F>, res: ApiResponse, what: string) {
  const context = `${t.label} with ${what}: ${res.status} ${res.text}`;
  if (t.row.expectAllowed !== undefined) expect(res.status, context).toBe(t.row.expectAllowed);
  else expect([401, 403], context).not.toContain(res.status);
}

async function checkUnauthenticated<F>(t: Target<F>) {
  expectProblem(await send(t, undefined), 401, "unauthenticated", `${t.label} without a token`);
}

async function checkBadTokens<F>(t: Target<F>) {
  const unknownPat = generateTokenValue(); // well formed, valid checksum, in no database
  const unknownIntegrationKey = generateTokenValue(INTEGRATION_PREFIX);
  const key = t.shared.foreign.integrationKey;
  const badIntegrationChecksum = key.slice(0, 10) + (key[10] === "A" ? "B" : "A") + key.slice(11);
  // Change one character inside the random part (the last character also carries base64 padding bits).
  const pat = t.shared.store.adminToken;
  const badChecksum = pat.slice(0, 10) + (pat[10] === "A" ? "B" : "A") + pat.slice(11);
  const cases: Array<[string, string | undefined, string?]> = [
    ["an unknown PAT", unknownPat],
    ["a PAT with a bad checksum", badChecksum],
    ["a PAT with its prefix stripped", pat.slice(4)],
    ["an unknown integration key", unknownIntegrationKey],
    ["an integration key with a bad checksum", badIntegrationChecksum],
    ["a PAT's value under the integration prefix", INTEGRATION_PREFIX + pat.slice(4)],
    ["a forged JWT", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl"],
    ["a non-Bearer scheme", undefined, `Basic ${btoa("a:b")}`],
  ];
  // Refusals change nothing: sent together.
  const answers = await Promise.all(cases.map(([, token, raw]) => send(t, token, raw)));
  for (const [i, [what]] of cases.entries()) expectProblem(answers[i], 401, "unauthenticated", `${t.label} with ${what}`);
}

async function checkForeign<F>(t: Target<F>) {
  const { foreign } = t.shared;
  const cases: Array<[string, string]> = [
    ["another store's PAT", foreign.token],
    ["a non-member's JWT", foreign.jwt],
    ["another store's integration key", foreign.integrationKey],
  ];
  const answers = await Promise.all(cases.map(([, token]) => send(t, token)));
  for (const [i, [what]] of cases.entries()) expectProblem(answers[i], 403, "forbidden", `${t.label} with ${what}`);
}

async function checkLacking<F>(t: Target<F>) {
  const cases: Array<[string, string, Permission]> = [];
  for (const lacking of t.shared.lacking) {
    if (lacking.bit === null) continue;
    cases.push([`an owner PAT lacking ${lacking.bit}`, lacking.token, lacking.bit]);
    cases.push([`a member session lacking ${lacking.bit}`, lacking.memberJwt, lacking.bit]);
    if (lacking.integrationKey) cases.push([`an integration key lacking ${lacking.bit}`, lacking.integrationKey, lacking.bit]);
  }
  const answers = await Promise.all(cases.map(([, token]) => send(t, token)));
  cases.forEach(([what, , bit], i) => {
    expectProblem(answers[i], 403, "forbidden", `${t.label} with ${what}`);
    expect(answers[i].body.missing_permission, `${t.label} with ${what}`).toBe(bit);
  });
}

/** "member": a PAT without bits and a member without bits pass (or the row's own callers, each on its own target). */
async function checkAnyMember<F>(t: Target<F>) {
  const shared = t.shared.lacking.find((l) => l.bit === null)!;
  const callers: Array<MemberCaller<F>> = t.row.memberCallers
    ? await t.row.memberCallers(t.shared.store)
    : [
        { what: "an owner PAT without bits", token: shared.token, fixture: t.fixture },
        { what: "a member without bits", token: shared.memberJwt, fixture: t.fixture },
      ];
  for (const caller of callers) expectPasses(t, await send(t, caller.token, undefined, caller.fixture), caller.what);
}

async function checkAllowed<F>(t: Target<F>) {
  if (t.row.allowed === false) return;
  expectPasses(t, await send(t, t.shared.store.adminToken), "a token holding every bit");
}

/** session: a PAT and an integration key are refused (403), the session JWT passes. */
async function checkSessionOnly<F>(t: Target<F>) {
  const { store, integrationKey } = t.shared;
  const [pat, key] = await Promise.all([send(t, store.adminToken), send(t, integrationKey!)]);
  expectProblem(pat, 403, "forbidden", `${t.label} with a PAT`);
  expectProblem(key, 403, "forbidden", `${t.label} with an integration key`);
  if (t.row.allowed === false) return;
  const session = t.row.as ? t.row.as(store, t.fixture) : store.owner.jwt;
  expectPasses(t, await send(t, session), "a session JWT");
}

/** authenticated: a session JWT, a PAT and an integration key all pass. */
async function checkAnyCredential<F>(t: Target<F>) {
  if (t.row.allowed === false) return;
  const { store, integrationKey } = t.shared;
  expectPasses(t, await send(t, store.owner.jwt), "a session JWT");
  expectPasses(t, await send(t, store.adminToken), "a PAT holding every bit");
  expectPasses(t, await send(t, integrationKey!), "an integration key");
}

/** none: no token passes. */
async function checkPublic<F>(t: Target<F>) {
  if (t.row.allowed === false) return;
  expectPasses(t, await send(t, undefined), "no token");
}

/** ops: a store owner's session JWT and PAT (every bit) are refused like any wrong token (401); OPS_TOKEN passes. */
async function checkOperator<F>(t: Target<F>) {
  const { store } = t.shared;
  const [jwt, pat] = await Promise.all([send(t, store.owner.jwt), send(t, store.adminToken)]);
  expectProblem(jwt, 401, "unauthenticated", `${t.label} with a store owner's session JWT`);
  expectProblem(pat, 401, "unauthenticated", `${t.label} with a store owner's PAT holding every bit`);
  if (t.row.allowed === false) return;
  expectPasses(t, await send(t, (env as unknown as { OPS_TOKEN: string }).OPS_TOKEN), "OPS_TOKEN");
}

type Check<F> = (t: Target<F>) => Promise<void>;

/** The checks of a rule, in order (see the table at the top of this file). */
function checksOf<F>(rule: AccessRule): Array<Check<F>> {
  switch (rule) {
    case "none":
      return [checkPublic];
    case "ops":
      return [checkUnauthenticated, checkBadTokens, checkOperator];
    case "session":
      return [checkUnauthenticated, checkBadTokens, checkSessionOnly];
    case "authenticated":
      return [checkUnauthenticated, checkBadTokens, checkAnyCredential];
    case "member":
      return [checkUnauthenticated, checkBadTokens, checkForeign, checkAnyMember, checkAllowed];
    default:
      return [checkUnauthenticated, checkBadTokens, checkForeign, checkLacking, checkAllowed];
  }
}

async function targetOf<F>(method: string, rule: AccessRule, row: MatrixRow<F>, shared: MatrixFixture, label?: string): Promise<Target<F>> {
  const fixture = row.setup ? await row.setup(shared.store) : (undefined as F);
  return { method, rule, row, shared, fixture, label: label ?? `${method} ${row.path.toString()}` };
}

const CHECK_NAMES = new Map<Check<any>, string>([
  [checkPublic, "no credential is needed"],
  [checkUnauthenticated, "no token → 401 unauthenticated with WWW-Authenticate: Bearer"],
  [checkBadTokens, "bad tokens (unknown, bad checksum, stripped prefix, forged JWT, other scheme) → 401"],
  [checkOperator, "a store owner's session and PAT are refused; the operator token passes"],
  [checkSessionOnly, "a PAT or integration key → 403; a session passes"],
  [checkAnyCredential, "a session, a PAT and an integration key pass"],
  [checkForeign, "another store's token or key, or a non-member's session → 403"],
  [checkAnyMember, "any member passes, even with no bits"],
  [checkLacking, "lacking the bit (PAT, member session, integration key) → 403 naming it"],
  [checkAllowed, "a credential holding every bit gets the row's answer"],
]);

/**
 * The checks of one operation as separate named cases sharing one target (for one `it` per case): `prepare` runs
 * the row's setup once; the cases then run in order (the allowed case, which may change the target, last).
 */
export function rowMatrixCases<F>(options: {
  method: string;
  rule: AccessRule;
  row: MatrixRow<F>;
  fixtures: (rule: AccessRule) => Promise<MatrixFixture>;
  label?: string;
}) {
  let target: Promise<Target<F>> | undefined;
  const prepare = () =>
    (target ??= options.fixtures(options.rule).then((shared) => targetOf(options.method, options.rule, options.row, shared, options.label)));
  return checksOf<F>(options.rule).map((check) => ({
    name: CHECK_NAMES.get(check) ?? check.name,
    run: async () => check(await prepare()),
  }));
}
