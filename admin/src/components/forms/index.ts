// The console's form kit (docs/admin.md "Week three"): one form library (react-hook-form) typed by the API's generated
// request bodies, one component for an error beside its field. See use-api-form.ts.
export { ApiForm, ApiFormProvider } from "./api-form";
export { FieldError, FormError, useFieldError } from "./field-error";
export { type ApiForm as ApiFormState, type MutationLike, type SubmitState, useApiForm, useApiFormContext } from "./use-api-form";
