// The catalog: products, variants, specs, reviews. Other modules (media) use the product JSON and the
// products.updated helper so that their changes announce the product exactly as GET returns it.
import type { App } from "../lib/route";
import { registerProductRoutes } from "./products.routes";
import { registerVariantRoutes } from "./variants.routes";

export { productJsonSql } from "./product-json";
export { getProductRow, productUpdatedEvent } from "./products.service";

export { registerGalleryRoutes } from "./gallery/gallery.routes";

export function registerCatalogRoutes(app: App) {
  registerProductRoutes(app);
  registerVariantRoutes(app);
}
