// `npm run dev:admin`: `npm run dev` (the API and the built console on PORT, default 8787) plus Vite's dev server
// with hot reload on VITE_PORT (default 5173), which serves /admin/ from source and proxies everything else to
// wrangler. Open http://127.0.0.1:$VITE_PORT/admin/.
import { spawn } from "node:child_process";

const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const children = [
  spawn("node", ["scripts/dev.mjs"], { stdio: "inherit" }),
  spawn(npx, ["vite", "--config", "admin/vite.config.ts", "--host", "127.0.0.1"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());
