// Tests of the operators' scripts (test/scripts/): plain Node, no Worker runtime. They run wrangler as a child
// process against local stand-ins (for instance of the Cloudflare API), so they are bounded but slow: one file at
// a time. Part of `npm test` (npm run test:scripts).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/scripts/**/*.test.mjs"],
    testTimeout: 240_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
