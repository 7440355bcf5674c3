import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { unstable_readConfig } from "wrangler";

export default defineConfig(async () => {
  // The deployed configuration as wrangler reads it, for the test that its limits are API.md section 11's, and for
  // its D1 databases: each gets the migrations of its own directory (test/apply-migrations.ts), as
  // scripts/migrate-all.mjs applies them.
  const deployed = unstable_readConfig({ config: path.join(import.meta.dirname, "wrangler.toml") });
  const migrations = Object.fromEntries(
    await Promise.all(
      deployed.d1_databases.map(async (d) => [d.binding, await readD1Migrations(path.join(import.meta.dirname, d.migrations_dir ?? "migrations"))]),
    ),
  );
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            ENVIRONMENT: "development",
            ALLOW_PRIVATE_WEBHOOK_URLS: "true",
            // The operator endpoints' bearer token, as .dev.vars sets it (test/ops/ops.test.ts).
            OPS_TOKEN: "development-only-ops-token-0123456789abcdef",
            TEST_DEPLOYED_LIMITS: { vars: deployed.vars, ratelimits: deployed.ratelimits },
          },
          // 50 more store databases, bound under names the Worker does not take for store databases (SCALE_DB_nnn):
          // test/maintenance/maintenance.test.ts binds them as STORE_DB_003 ... STORE_DB_052 in its own environment, to
          // show the cron's work does not grow with the number of databases. Every other test keeps two.
          d1Databases: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`SCALE_DB_${String(i + 3).padStart(3, "0")}`, `scale-db-${i + 3}`])),
          // Low-limit twins of the Rate Limiting bindings, for the tests of each limit (test/access/rate-limits.test.ts),
          // which swap one in for the real binding; the suite itself runs with .dev.vars' raised limits.
          ratelimits: {
            TEST_LIMIT_3_PER_60S: { namespace_id: "9901", simple: { limit: 3, period: 60 } },
            TEST_LIMIT_3_PER_10S: { namespace_id: "9902", simple: { limit: 3, period: 10 } },
            TEST_LIMIT_6_PER_60S: { namespace_id: "9903", simple: { limit: 6, period: 60 } },
            TEST_LIMIT_2_PER_60S: { namespace_id: "9904", simple: { limit: 2, period: 60 } },
            TEST_LIMIT_10_PER_60S: { namespace_id: "9905", simple: { limit: 10, period: 60 } },
          },
          // A stand-in for `npm run build`'s output (build/), so the console's serving rules are tested on a
          // fresh clone; test/console/console.test.ts.
          assets: { directory: path.join(import.meta.dirname, "test/console/fixture-assets"), binding: "ASSETS" },
        },
      }),
    ],
    // The tests run on the zod entry the deployed bundle gets (wrangler.toml [alias]; src/lib/zod/index.js).
    resolve: { alias: [{ find: /^zod$/, replacement: path.join(import.meta.dirname, "src/lib/zod/index.js") }] },
    test: {
      include: ["test/**/*.test.ts"],
      setupFiles: ["./test/apply-migrations.ts"],
      // A real HTTP server the Shopify import fetches images from (test/sync/image-server.global.ts).
      globalSetup: ["./test/sync/image-server.global.ts"],
      testTimeout: 20_000,
    },
  };
});
