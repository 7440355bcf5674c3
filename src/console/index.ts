// Serves the admin console (a React app built into Workers Static Assets under /admin/) and the /docs page.
// The Worker runs first for every request (run_worker_first), so API paths keep their problem+json answers even
// for a browser tab; only /admin/* and /docs/* reach the assets.
import type { Context } from "hono";
import type { AppEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import type { App } from "../lib/route";
import { DOCS_HTML } from "./docs-page";
import { withPageHeaders } from "./headers";

/** Vite's hashed output: safe to cache for a year. */
const HASHED_ASSET = /^\/admin\/assets\//;
/** A path whose last segment has an extension names a file; anything else is a client-side route. */
const FILE_PATH = /\/[^/]+\.[A-Za-z0-9]+$/;

const NOT_BUILT = "The admin console is not built: run `npm run build` (npm run dev does it for you).\n";

async function fetchAsset(c: Context<AppEnv>, path: string): Promise<Response> {
  const url = new URL(path, c.req.url);
  return c.env.ASSETS.fetch(new Request(url, c.req.raw));
}

async function serveConsole(c: Context<AppEnv>): Promise<Response> {
  const path = c.req.path;
  let response = await fetchAsset(c, path);
  if (response.status === 404 && !FILE_PATH.test(path)) {
    // A deep link (/admin/products/<id>): the app's shell, whose router shows the screen.
    response = await fetchAsset(c, "/admin/");
    if (response.status === 404) {
      return new Response(NOT_BUILT, { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
  }
  const cache = HASHED_ASSET.test(path) && response.ok ? "public, max-age=31536000, immutable" : "no-cache";
  return withPageHeaders(response, { "Cache-Control": cache });
}

export function registerConsole(app: App) {
  app.get("/", (c) => c.redirect("/admin/", 302));
  app.get("/admin", (c) => c.redirect("/admin/", 302));
  app.get("/admin/*", serveConsole);
  app.get("/docs", (c) => withPageHeaders(c.html(DOCS_HTML), { "Cache-Control": "no-cache" }));
  app.get("/docs/*", async (c) => {
    const response = await fetchAsset(c, c.req.path);
    if (response.status === 404) throw notFound("File");
    return withPageHeaders(response);
  });
}
