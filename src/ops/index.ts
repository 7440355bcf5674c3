// The operators' endpoints (/ops/*): store databases, placements and store moves.
export { registerOpsRoutes } from "./ops.routes";
