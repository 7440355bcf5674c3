// JWTs decode strictly (docs/api/13-security.md): exactly three segments of canonical, unpadded base64url, the HS256
// signature 43 characters whose last one has its two unused bits zero. Every other spelling of a valid JWT is a
// 401, before and after logout, so logging out ends the token and not one spelling of it (issue 15, hole 3).
import { describe, expect, it } from "vitest";
import { call, newStore } from "../helpers/api";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** The same last character's data bits with a non-zero unused bit: decodes to the same bytes. */
function sibling(ch: string, unusedBits: number): string {
  const i = ALPHABET.indexOf(ch);
  return ALPHABET[i ^ (unusedBits === 4 ? 8 : 1)];
}

/** Every other way to write the same JWT that a lenient decoder would accept. */
function otherSpellings(jwt: string): Record<string, string> {
  const [header, payload, signature] = jwt.split(".");
  const swapped = signature.replace(/-/g, "+").replace(/_/g, "/");
  const spellings: Record<string, string> = {
    "one = of padding": `${jwt}=`,
    "two = of padding": `${jwt}==`,
    "padding on the header": `${header}=.${payload}.${signature}`,
    "padding on the payload": `${header}.${payload}=.${signature}`,
    "non-canonical last character of the signature": `${header}.${payload}.${signature.slice(0, -1)}${sibling(signature.at(-1)!, 2)}`,
    "a fourth, empty segment": `${jwt}.`,
    "a fourth segment": `${jwt}.${signature}`,
    "a leading dot": `.${jwt}`,
    "two segments": `${header}.${payload}`,
    "a truncated signature": jwt.slice(0, -1),
    "an extra signature character": `${jwt}A`,
    "percent-encoded": `${header}%2E${payload}.${signature}`,
  };
  if (swapped !== signature) spellings["standard base64 alphabet in the signature"] = `${header}.${payload}.${swapped}`;
  const payloadRest = payload.length % 4;
  if (payloadRest === 2 || payloadRest === 3) {
    spellings["non-canonical last character of the payload"] =
      `${header}.${payload.slice(0, -1)}${sibling(payload.at(-1)!, payloadRest === 2 ? 4 : 2)}.${signature}`;
  }
  return spellings;
}

const statusOf = async (token: string, path: string) => (await call("GET", path, { token })).status;

describe("JWTs decode strictly: every other spelling of a valid JWT is 401", () => {
  it("before logout: the JWT itself works, each other spelling is 401 on every surface", async () => {
    const store = await newStore();
    const jwt = store.owner.jwt;
    const surfaces = ["/me", `/stores/${store.id}`, `/stores/${store.id}/products`];
    for (const path of surfaces) expect(await statusOf(jwt, path)).toBe(200);
    for (const [name, spelling] of Object.entries(otherSpellings(jwt))) {
      for (const path of surfaces) expect({ name, path, status: await statusOf(spelling, path) }).toEqual({ name, path, status: 401 });
    }
  });

  it("whitespace inside the token is 401 (a trailing space after it is header framing, still the one spelling)", async () => {
    const store = await newStore();
    const [header, payload, signature] = store.owner.jwt.split(".");
    for (const spelling of [`${header}. ${payload}.${signature}`, `${header}.${payload}.${signature.slice(0, 20)}\t${signature.slice(20)}`]) {
      const res = await call("GET", "/me", { headers: { Authorization: `Bearer ${spelling}` } });
      expect(res.status).toBe(401);
    }
  });

  it("after logout: the JWT and every other spelling of it stay 401 (the stolen session does not survive Sign out)", async () => {
    const store = await newStore();
    const jwt = store.owner.jwt;
    expect((await call("POST", "/logout", { token: jwt })).status).toBe(204);
    const surfaces = ["/me", `/stores/${store.id}`, `/stores/${store.id}/products`];
    for (const spelling of [jwt, ...Object.values(otherSpellings(jwt))]) {
      for (const path of surfaces) expect({ spelling, path, status: await statusOf(spelling, path) }).toEqual({ spelling, path, status: 401 });
    }
  });
});
