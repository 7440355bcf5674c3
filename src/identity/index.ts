// Identity: users and sessions, stores, members and invites.
import type { App } from "../lib/route";
import { registerMemberRoutes } from "./members.routes";
import { registerStoreRoutes } from "./stores.routes";
import { registerUserRoutes } from "./users.routes";

export function registerIdentityRoutes(app: App) {
  registerUserRoutes(app);
  registerStoreRoutes(app);
  registerMemberRoutes(app);
}
