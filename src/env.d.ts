// Secret bindings (wrangler secret put) and test-only bindings, which `wrangler types` cannot see.
declare namespace Cloudflare {
  interface Env {
    JWT_SECRET?: string;
    WEBHOOK_SECRET_KEY?: string;
    OPS_TOKEN?: string;
  }
}
interface Env {
  JWT_SECRET?: string;
  WEBHOOK_SECRET_KEY?: string;
  OPS_TOKEN?: string;
}
