// The app's OpenAPI document, built in process by createApp() (no running server, no bindings): shared by
// scripts/api-types.mjs (the generated types) and scripts/lint-openapi.mjs (Redocly's lint).
import path from "node:path";
import { runnerImport } from "vite";

const root = path.resolve(import.meta.dirname, "../..");

// Only the route contracts matter here: Worker-runtime modules the app imports (the webhook sender's Durable Object
// base class) are stood in for by an empty class.
const workersRuntimeStub = {
  name: "workers-runtime-stub",
  resolveId: (id) => (id === "cloudflare:workers" ? "\0cloudflare:workers" : undefined),
  load: (id) => (id === "\0cloudflare:workers" ? "export class DurableObject {}\nexport const env = {};\n" : undefined),
};

/** Imports a module of src/ the way the Worker's bundler would (TypeScript, Worker-runtime imports stubbed). */
export async function importSource(relativePath) {
  const { module } = await runnerImport(path.join(root, relativePath), {
    root,
    logLevel: "error",
    configFile: false,
    plugins: [workersRuntimeStub],
  });
  return module;
}

/** GET /openapi.json of createApp(), as a plain object. */
export async function buildDocument() {
  const { app } = await importSource("scripts/lib/full-app.ts");
  const response = await app.request("/openapi.json", {}, { ENVIRONMENT: "development" });
  if (!response.ok) throw new Error(`GET /openapi.json answered ${response.status}`);
  return response.json();
}
