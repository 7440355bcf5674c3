// A dialog holding one create or edit form (STYLE.md rule 14): its fields (children), the request's error in words,
// "Cancel" and the submit button named `submit`; `done`, once given (a secret the API shows once), replaces the form.
//
// A dialog form is open while its page renders it, and its values live in the component that renders it, through
// `useEditForm`: closing is unmounting, so the next opening starts from a clean form, and its edits are guarded as a
// page form's are. Escape and "Cancel" go through `form.leave(onClose)`: they close at once while the form is clean,
// and ask "Discard unsaved changes?" while it holds edits ("Keep editing" leaves the dialog open as it was). Leaving
// the page (a link, Back) asks through the same guard. After a successful save, `form.saved()` (or closing it).
//
//   {adding && <AddEndpointDialog onClose={() => setAdding(false)} />}
//   const edit = useEditForm({ url: "" });
//   <FormDialog title="Add endpoint" form={edit} onClose={onClose} onSubmit={submit} submit="Add endpoint">
import type { ReactNode } from "react";
import { Dialog, FormActions } from "./dialog";
import { ErrorMessage } from "./query-state";
import type { UnsavedChanges } from "./unsaved-changes";

export function FormDialog(props: {
  title: string;
  /** The form's state (useEditForm): closing asks first while it holds unsaved edits. */
  form: Pick<UnsavedChanges, "leave">;
  /** Stops rendering the dialog; called by Escape and "Cancel" only once the form may go. */
  onClose: () => void;
  /** Called on submit (the browser's own submission is prevented). */
  onSubmit: () => void;
  submit: string;
  pending?: boolean;
  error?: unknown;
  className?: string;
  done?: ReactNode;
  children: ReactNode;
}) {
  const close = () => props.form.leave(props.onClose);
  return (
    <Dialog title={props.title} open onClose={close}>
      {props.done ?? (
        <form
          className={props.className}
          onSubmit={(event) => {
            event.preventDefault();
            // A dialog opened from inside another dialog's form (Adjust in the variant dialog) is portalled out of
            // that form, but React still bubbles its submit through the component tree: it is this form's alone.
            event.stopPropagation();
            props.onSubmit();
          }}
        >
          {props.children}
          <ErrorMessage error={props.error} />
          <FormActions submit={props.submit} pending={props.pending} onCancel={close} />
        </form>
      )}
    </Dialog>
  );
}
