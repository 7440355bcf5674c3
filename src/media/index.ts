// Media: the store library in R2 and public image sizes through the Images binding. The product gallery that uses
// the library belongs to products (src/products/gallery/).
import type { App } from "../lib/route";
import { registerLibraryRoutes } from "./library.routes";

export function registerMediaRoutes(app: App) {
  registerLibraryRoutes(app);
}
