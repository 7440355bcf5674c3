// The admin console's build: React + TypeScript into build/admin/ (served by the Worker at /admin/), plus the
// /docs page's scripts (Scalar's standalone bundle and its mount script) into build/docs/.
import { copyFile, mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const root = import.meta.dirname;
const build = path.resolve(root, "../build");
const require = createRequire(import.meta.url);

/** /docs must work offline: its reference script is one of the Worker's own assets. */
function docsAssets(): Plugin {
  return {
    name: "docs-assets",
    apply: "build",
    async closeBundle() {
      await mkdir(path.join(build, "docs"), { recursive: true });
      // The package does not export its browser bundle; it sits beside the main entry (dist/).
      const scalar = path.join(path.dirname(require.resolve("@scalar/api-reference")), "browser/standalone.js");
      await copyFile(scalar, path.join(build, "docs/scalar.js"));
      await copyFile(path.join(root, "static-docs/init.js"), path.join(build, "docs/init.js"));
    },
  };
}

// `npm run dev:admin`: Vite's dev server (hot reload) in front of `npm run dev`; API paths go to wrangler.
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8787}`;

export default defineConfig({
  root,
  base: "/admin/",
  plugins: [react(), docsAssets()],
  build: { outDir: path.join(build, "admin"), emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 600 },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: true,
    proxy: { "^/(?!admin(/|$)).*": { target: apiTarget, changeOrigin: false } },
  },
});
