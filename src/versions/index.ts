// API versions: GET /versions and the Api-Version headers (docs/api-versions.md; the registry is src/lib/api-versions.ts).
export { registerVersionRoutes } from "./versions.routes";
export { requestedVersion, versionHeaders } from "./middleware";
export { withVersionHeaders } from "./openapi";
