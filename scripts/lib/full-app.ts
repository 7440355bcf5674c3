// createApp() awaited while this module is evaluated: vite's runnerImport (./openapi-document.mjs) closes its module
// runner once the import returns, and the app loads its route groups with dynamic imports (src/routes.ts).
import { createApp } from "../../src/app";

export const app = await createApp();
