// Collections: manual and automatic groupings of a store's products (docs/catalog.md "Collections").
export { registerCollectionRoutes } from "./collections.routes";
