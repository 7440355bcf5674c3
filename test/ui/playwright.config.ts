// `npm run test:ui`: the console in Debian's Chromium against `npm run dev` on UI_PORT (default 8848), with a
// fresh local state directory. Browser downloads are impossible here: CHROMIUM_PATH (default /usr/bin/chromium).
// UI_SERVER_TIMEOUT_MS (default 120000): how long `npm run dev` may take to answer (its migrations and console build
// take longer on a machine whose cores are shared).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.UI_PORT ?? 8848);
export const baseURL = `http://127.0.0.1:${port}`;
const persistDir = mkdtempSync(path.join(tmpdir(), "bod-ui-"));

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  timeout: 180_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
    viewport: { width: 1280, height: 900 },
    trace: "off",
  },
  webServer: {
    command: "node scripts/dev.mjs",
    cwd: path.resolve(import.meta.dirname, "../.."),
    url: `${baseURL}/permissions`,
    timeout: Number(process.env.UI_SERVER_TIMEOUT_MS ?? 120_000),
    reuseExistingServer: false,
    env: { PORT: String(port), PERSIST_DIR: persistDir, DEV_QUIET: "1", WRANGLER_LOG: "warn", CI: "true" },
    stdout: "ignore",
    stderr: "pipe",
  },
});
