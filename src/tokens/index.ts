// Personal access tokens.
export { registerTokenRoutes } from "./tokens.routes";
