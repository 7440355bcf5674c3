// A page form on the one form way (./use-api-form.ts): the form's context for its fields (each shows its own error,
// <FormError /> the rest) and the <form> element submitting through react-hook-form. A dialog's form: FormDialog.
//
//   const form = useApiForm({ ... });
//   <ApiForm form={form} className="card">
//     <TextField label="Store name" required {...form.register("name")} />
//     <SaveActions state={form.status} stale={form.dirty} />
//   </ApiForm>
import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { type ApiForm as ApiFormState, ApiFormContext } from "./use-api-form";

/** The form's context alone (fields outside the <form> element, or a form element of one's own). */
export function ApiFormProvider<V extends FieldValues>({ form, children }: { form: ApiFormState<V>; children: ReactNode }) {
  return <ApiFormContext.Provider value={form as unknown as ApiFormState}>{children}</ApiFormContext.Provider>;
}

export function ApiForm<V extends FieldValues>(props: { form: ApiFormState<V>; className?: string; children: ReactNode }) {
  return (
    <ApiFormProvider form={props.form}>
      <form className={props.className} onSubmit={props.form.onSubmit}>
        {props.children}
      </form>
    </ApiFormProvider>
  );
}
