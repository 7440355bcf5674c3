// Custom fields (API.md section 21; docs/decisions.md "Custom fields"): the store's definitions, and the checks
// and statements that the owners of values (products, variants, collections, customers, orders) use.
export { registerFieldDefinitionRoutes } from "./definitions.routes";
export { type FieldsInput, fieldsCreateInput, fieldsSchema, fieldsUpdateInput } from "./schemas";
export {
  type CheckedFields,
  type FieldsWrite,
  definitionsStillThere,
  checkFields,
  checkReferences,
  definitionsChanged,
  invalidFields,
  isDefinitionsChanged,
  loadDefinitions,
  prepareFields,
  writeOf,
} from "./field-values";
