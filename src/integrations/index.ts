// Integrations: store-owned keys (docs/api/16-integrations.md).
export { registerIntegrationRoutes } from "./integrations.routes";
