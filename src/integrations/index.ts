// Integrations: store-owned keys (API.md section 16).
export { registerIntegrationRoutes } from "./integrations.routes";
