// Inventory at locations (docs/inventory.md): locations, levels, adjustments, transfers and the ledger.
import type { App } from "../lib/route";
import { registerInventoryLevelRoutes } from "./inventory.routes";
import { registerLocationRoutes } from "./locations.routes";

export function registerInventoryRoutes(app: App) {
  registerLocationRoutes(app);
  registerInventoryLevelRoutes(app);
}
