// A dialog holding one create or edit form (docs/conventions.md rule 14): its fields (children), the form-level error
// (<FormError />: what names no field), "Cancel" and the submit button named `submit`; `done`, once given (a secret
// the API shows once), replaces the form.
//
// The form is the one form way (components/forms/use-api-form.ts): react-hook-form's values, the request typed by
// the API's body, each error beside its field. A dialog form is open while its page renders it, and its values live
// in the component that renders it: closing is unmounting, so the next opening starts from a clean form, and its
// edits are guarded as a page form's are. Escape and "Cancel" go through `form.leave(onClose)`: they close at once
// while the form is clean, and ask "Discard unsaved changes?" while it holds edits ("Keep editing" leaves the dialog
// open as it was). Leaving the page (a link, Back) asks through the same guard.
//
//   {adding && <AddEndpointDialog onClose={() => setAdding(false)} />}
//   const form = useApiForm({ defaultValues: { url: "" }, mutation: create, onSaved: onClose });
//   <FormDialog title="Add endpoint" form={form} onClose={onClose} submit="Add endpoint">
import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { ApiForm } from "../forms/api-form";
import { FormError } from "../forms/field-error";
import type { ApiForm as ApiFormState } from "../forms/use-api-form";
import { Dialog, FormActions } from "./dialog";

export function FormDialog<V extends FieldValues>(props: {
  title: string;
  /** The form (useApiForm): closing asks first while it holds unsaved edits. */
  form: ApiFormState<V>;
  /** Stops rendering the dialog; called by Escape and "Cancel" only once the form may go. */
  onClose: () => void;
  submit: string;
  className?: string;
  done?: ReactNode;
  children: ReactNode;
}) {
  const close = () => props.form.leave(props.onClose);
  return (
    <Dialog title={props.title} open onClose={close}>
      {props.done ?? (
        <ApiForm form={props.form} className={props.className}>
          {props.children}
          <FormError />
          <FormActions submit={props.submit} pending={props.form.pending} onCancel={close} />
        </ApiForm>
      )}
    </Dialog>
  );
}
