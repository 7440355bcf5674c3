declare namespace Cloudflare {
  interface Env {
    /** D1 binding name -> the migrations of its directory in wrangler.toml. */
    TEST_MIGRATIONS: Record<string, import("cloudflare:test").D1Migration[]>;
    TEST_DEPLOYED_LIMITS: {
      vars: Record<string, string>;
      ratelimits: Array<{ name: string; namespace_id: string; simple: { limit: number; period: number } }>;
    };
    TEST_LIMIT_3_PER_60S: RateLimit;
    TEST_LIMIT_3_PER_10S: RateLimit;
    TEST_LIMIT_6_PER_60S: RateLimit;
    TEST_LIMIT_2_PER_60S: RateLimit;
    TEST_LIMIT_10_PER_60S: RateLimit;
  }
  interface GlobalProps {
    mainModule: typeof import("../src/index");
  }
}

/** A file's text, imported with Vite's `?raw` (test/webhooks/read-bits-docs.test.ts reads docs/webhooks.md). */
declare module "*.md?raw" {
  const text: string;
  export default text;
}
