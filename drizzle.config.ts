import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema (npm run db:generate) and applied by wrangler (flat .sql files).
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/schema/*.ts",
  out: "./migrations",
});
