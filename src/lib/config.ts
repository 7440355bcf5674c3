// Secrets and deployment flags. A deployed Worker (ENVIRONMENT != "development") refuses to run with a missing
// or development secret; local development falls back to built-in development secrets so a fresh clone works.
import { ApiError } from "./errors";

const DEV_JWT_SECRET = "development-only-jwt-secret-not-for-deployment";
const DEV_WEBHOOK_SECRET_KEY = "development-only-webhook-secret-key-not-for-deployment";

export const isDevelopment = (env: Env) => env.ENVIRONMENT === "development";

function secret(env: Env, name: "JWT_SECRET" | "WEBHOOK_SECRET_KEY", devValue: string): string {
  const value = env[name];
  if (isDevelopment(env)) return value || devValue;
  if (!value || value === devValue || value.length < 32) {
    // Logged by onError with the request id; the client sees a plain 500.
    throw new ApiError("internal", `${name} is missing, too short or a development value: refusing to serve`);
  }
  return value;
}

export const jwtSecret = (env: Env) => secret(env, "JWT_SECRET", DEV_JWT_SECRET);
export const webhookSecretKey = (env: Env) => secret(env, "WEBHOOK_SECRET_KEY", DEV_WEBHOOK_SECRET_KEY);

/** Checked on every request, before anything else runs. */
export function assertConfigured(env: Env) {
  jwtSecret(env);
  webhookSecretKey(env);
}

export const allowPrivateWebhookUrls = (env: Env) => isDevelopment(env) || env.ALLOW_PRIVATE_WEBHOOK_URLS === "true";
