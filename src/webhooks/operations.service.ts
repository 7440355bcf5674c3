// Operations on one subscription beyond its settings (docs/webhooks.md "Operating an endpoint"): rotating the
// signing secret with an overlap during which both secrets sign.
import type { StoreCtx } from "../lib/context";
import { nowIso } from "../lib/ids";
import { encryptSecret } from "./secrets";
import { findWebhook, saveWebhook } from "./subscriptions.service";

/** How long the replaced secret keeps signing when the request does not say: one day. */
export const DEFAULT_PREVIOUS_EXPIRES_IN_S = 86_400;

/**
 * A new secret; the one it replaces keeps signing beside it for `previous_expires_in` seconds (0: not at all).
 * Rotating again during an overlap keeps only the secret it replaces as the previous one.
 */
export async function rotateWebhookSecret(ctx: StoreCtx, id: string, input: { secret: string; previous_expires_in?: number }) {
  const row = await findWebhook(ctx, id);
  const overlapS = input.previous_expires_in ?? DEFAULT_PREVIOUS_EXPIRES_IN_S;
  const now = Date.now();
  return saveWebhook(
    ctx,
    row,
    {
      secretCiphertext: await encryptSecret(ctx.env, input.secret),
      // Still encrypted under the same key: the ciphertext moves as it is.
      previousSecretCiphertext: overlapS > 0 ? row.secretCiphertext : null,
      previousSecretExpiresAt: overlapS > 0 ? nowIso(now + overlapS * 1000) : null,
      updatedAt: nowIso(now),
    },
    "webhook.rotate",
  );
}
