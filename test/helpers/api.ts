// Calls the Worker through its own fetch, and factories for fresh users, stores and tokens.
import { exports } from "cloudflare:workers";

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || typeof options.body === "string") body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] ??= "application/json";
  }
  const response = await exports.default.fetch(new Request(`http://api.test${path}`, { method, headers, body }));
  const text = await response.text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {}
  return { status: response.status, headers: response.headers, body: parsed, text };
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface TestUser {
  id: string;
  email: string;
  password: string;
  jwt: string;
}

export async function newUser(name = "Test User"): Promise<TestUser> {
  const email = `user-${unique()}@example.test`;
  const password = "correct horse battery";
  const signup = await call("POST", "/users", { body: { email, password, name } });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${signup.text}`);
  const login = await call("POST", "/login", { body: { email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return { id: signup.body.id, email, password, jwt: login.body.token };
}

export interface TestStore {
  id: string;
  owner: TestUser;
}

/** A fresh owner and store: storage is shared within a test file, so every test makes its own. */
export async function newStore(): Promise<TestStore> {
  const owner = await newUser("Owner");
  const store = await call("POST", "/stores", { token: owner.jwt, body: { name: `Store ${unique()}` } });
  if (store.status !== 201) throw new Error(`store failed: ${store.status} ${store.text}`);
  return { id: store.body.id, owner };
}

/** A personal access token in `storeId`, issued with `jwt`'s session. */
export async function newToken(storeId: string, jwt: string, scopes: string[] | string, extra: Record<string, unknown> = {}) {
  const res = await call("POST", `/stores/${storeId}/api-tokens`, {
    token: jwt,
    body: { name: `token-${unique()}`, scopes, ...extra },
  });
  if (res.status !== 201) throw new Error(`token failed: ${res.status} ${res.text}`);
  return res.body as { id: string; token: string; name: string; scopes: string };
}

/** Adds a member with the given permissions through the real invite flow. */
export async function addMember(store: TestStore, permissions: string[] | string): Promise<TestUser> {
  const member = await newUser("Member");
  const invite = await call("POST", `/stores/${store.id}/invites`, {
    token: store.owner.jwt,
    body: { email: member.email, permissions },
  });
  if (invite.status !== 201) throw new Error(`invite failed: ${invite.status} ${invite.text}`);
  const accept = await call("POST", "/invites/accept", { token: member.jwt, body: { token: invite.body.token } });
  if (accept.status !== 200) throw new Error(`accept failed: ${accept.status} ${accept.text}`);
  return member;
}
