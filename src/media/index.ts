// Media: the store library in R2, public image sizes through the Images binding, and the product gallery.
import type { App } from "../lib/route";
import { registerGalleryRoutes } from "./gallery.routes";
import { registerLibraryRoutes } from "./library.routes";

export function registerMediaRoutes(app: App) {
  registerLibraryRoutes(app);
  registerGalleryRoutes(app);
}
