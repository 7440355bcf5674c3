// The catalog: products, variants, specs, reviews. Other modules use the product JSON (./product-json.ts) and the
// products.updated helper (./products.service.ts) so that their changes announce the product exactly as GET returns it.
import type { App } from "../lib/route";
import { registerProductRoutes } from "./products.routes";
import { registerVariantRoutes } from "./variants.routes";

export { registerGalleryRoutes } from "./gallery/gallery.routes";

export function registerCatalogRoutes(app: App) {
  registerProductRoutes(app);
  registerVariantRoutes(app);
}
