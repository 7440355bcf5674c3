import { defineConfig } from "drizzle-kit";

// The directory database (DIRECTORY, docs/scale.md section 2): users, sessions, the store directory and indexes.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/directory-schema.ts",
  out: "./migrations/directory",
});
