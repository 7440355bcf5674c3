// Password hashing: PBKDF2-SHA256 through WebCrypto with a per-user salt. 100,000 iterations is the most
// workerd allows. Stored as "pbkdf2-sha256$<iterations>$<salt hex>$<hash hex>" so the cost can change later.
import { randomBytes, timingSafeEqual, toHex, utf8 } from "../lib/crypto";

const ITERATIONS = 100_000;

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", utf8(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, ITERATIONS);
  return `pbkdf2-sha256$${ITERATIONS}$${toHex(salt)}$${toHex(hash)}`;
}

/** A stored hash for unknown emails, so that a login for a missing user costs the same as a wrong password. */
export const DUMMY_PASSWORD_HASH = `pbkdf2-sha256$${ITERATIONS}$${"00".repeat(16)}$${"00".repeat(32)}`;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, saltHex, hashHex] = stored.split("$");
  if (scheme !== "pbkdf2-sha256") return false;
  const actual = await derive(password, fromHex(saltHex), Number(iterations));
  return timingSafeEqual(actual, fromHex(hashHex));
}
