// The client package's unit tests (plain Node, fake fetch; no Worker): run by the root `npm test` after the API's.
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: import.meta.dirname,
  test: { include: ["test/**/*.test.ts"], environment: "node" },
});
