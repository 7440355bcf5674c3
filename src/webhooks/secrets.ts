// Webhook signing secrets at rest: AES-GCM under a key derived (SHA-256) from the WEBHOOK_SECRET_KEY binding.
// Stored as "v1.<base64 iv>.<base64 ciphertext>", so a later key scheme can be told apart.
import { webhookSecretKey } from "../lib/config";
import { fromBase64url, base64url, randomBytes, utf8 } from "../lib/crypto";

const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(env: Env): Promise<CryptoKey> {
  const material = webhookSecretKey(env);
  let key = keys.get(material);
  if (!key) {
    key = crypto.subtle
      .digest("SHA-256", utf8(`webhook-secrets:${material}`))
      .then((raw) => crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
    keys.set(material, key);
  }
  return key;
}

export async function encryptSecret(env: Env, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const ciphertext = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await keyFor(env), utf8(secret));
  return `v1.${base64url(iv)}.${base64url(new Uint8Array(ciphertext))}`;
}

export async function decryptSecret(env: Env, stored: string): Promise<string> {
  const [version, iv, ciphertext] = stored.split(".");
  if (version !== "v1" || !iv || !ciphertext) throw new Error("unrecognised webhook secret format");
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64url(iv) }, await keyFor(env), fromBase64url(ciphertext));
  return new TextDecoder().decode(plain);
}
