import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: { TEST_MIGRATIONS: migrations, ENVIRONMENT: "development", ALLOW_PRIVATE_WEBHOOK_URLS: "true" },
          // A stand-in for `npm run build`'s output (build/), so the console's serving rules are tested on a
          // fresh clone; test/console/console.test.ts.
          assets: { directory: path.join(import.meta.dirname, "test/console/fixture-assets"), binding: "ASSETS" },
        },
      }),
    ],
    test: {
      include: ["test/**/*.test.ts"],
      setupFiles: ["./test/apply-migrations.ts"],
      testTimeout: 20_000,
    },
  };
});
