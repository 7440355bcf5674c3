// End-to-end tests (npm run test:e2e): plain Node, against `npm run dev` and real receivers on loopback.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/e2e/**/*.e2e.mjs"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
