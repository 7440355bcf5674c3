// wrangler.toml's [build] command: builds the console (build/admin/) and the /docs scripts (build/docs/) before
// wrangler deploys or serves, so `npx wrangler deploy` works on a fresh clone. `npm run dev` builds beside the
// migrations already and sets BOD_CONSOLE_BUILT=1 for wrangler dev, which then skips this.
import { spawnSync } from "node:child_process";

if (process.env.BOD_CONSOLE_BUILT === "1") process.exit(0);
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const build = spawnSync(npx, ["vite", "build", "--config", "admin/vite.config.ts", "--logLevel", "warn"], { stdio: "inherit" });
process.exit(build.status ?? 1);
