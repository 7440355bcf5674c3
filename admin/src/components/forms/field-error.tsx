// The one component that shows an error beside its field (docs/admin.md "Week three"): the API's `errors[].path`, or the
// console's own refusal, for the field of that name in the form around it (useApiForm's setError), and the form's
// own message for the rest (<FormError />). A field's frame (components/common/field.tsx) calls `useFieldError` for
// its control's `aria-invalid` and `aria-describedby`; a group of controls (a list, checkboxes) shows
// <FieldError name id /> under its legend and points its fieldset's `aria-describedby` at the same id.
import { useLayoutEffect } from "react";
import { createFormControl, get, useFormState } from "react-hook-form";
import { useApiFormContext } from "./use-api-form";

/** Subscribes nothing: the control fields outside any form (a list's filters) read. */
const NO_FORM = createFormControl().control;

/** The message for `name` in the form around (undefined outside a form), and `name` is known as a field while shown. */
export function useFieldError(name: string | undefined): string | undefined {
  const form = useApiFormContext();
  const state = useFormState({ control: form?.control ?? NO_FORM, name: name ?? "", disabled: !form || !name });
  const names = form?.fieldNames;
  useLayoutEffect(() => {
    if (!names || !name) return;
    names.set(name, (names.get(name) ?? 0) + 1);
    return () => {
      const left = (names.get(name) ?? 1) - 1;
      if (left > 0) names.set(name, left);
      else names.delete(name);
    };
  }, [names, name]);
  if (!form || !name) return undefined;
  const error = get(state.errors, name) as { message?: string } | undefined;
  return error?.message || undefined;
}

/** The error text under a field (`id` is what the control's aria-describedby names); nothing while it has none. */
export function FieldError({ name, id }: { name: string; id: string }) {
  const message = useFieldError(name);
  if (!message) return null;
  return (
    <small id={id} className="field-error" role="alert">
      {message}
    </small>
  );
}

/**
 * The form's own message: a refusal that names no field shown (a 403 naming the permission, a 409, an error at a path
 * no field has), in the words of describeProblem. Nothing while every error is beside its field.
 */
export function FormError() {
  const form = useApiFormContext();
  const state = useFormState({ control: form?.control ?? NO_FORM, name: "root", disabled: !form });
  const message = (get(state.errors, "root.server") as { message?: string } | undefined)?.message;
  if (!message) return null;
  return (
    <p className="error" role="alert">
      {message}
    </p>
  );
}
