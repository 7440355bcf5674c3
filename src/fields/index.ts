// Custom fields (docs/api/21-custom-fields.md; docs/decisions.md "Custom fields"): the store's definitions and their routes.
// The owners of values (products, variants, collections, customers, orders, sync) import the files they use
// (schemas.ts for `fields` in their shapes, field-values.ts for the checks and statements of a write).
export { registerFieldDefinitionRoutes } from "./definitions.routes";
