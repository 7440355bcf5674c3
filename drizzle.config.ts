import { defineConfig } from "drizzle-kit";

// Store databases (STORE_DB_nnn): every table with a store id, plus the copies of members' user rows. Generated
// from the schema (npm run db:generate) and applied by wrangler (flat .sql files). The directory database has its
// own: drizzle.directory.config.ts.
export default defineConfig({
  dialect: "sqlite",
  schema: [
    "./src/db/schema/identity.ts",
    "./src/db/schema/outbox.ts",
    "./src/db/schema/media.ts",
    "./src/db/schema/webhooks.ts",
    "./src/db/schema/catalog.ts",
    "./src/db/schema/commerce.ts",
    "./src/db/schema/sync.ts",
    "./src/db/schema/inventory.ts",
  ],
  out: "./migrations/store",
});
