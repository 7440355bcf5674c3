// A modal dialog on the native <dialog> element: focus trap, Escape and the dialog role come with it. Also the two
// shapes every dialog of the console takes: a confirmation, and a form.
import { useEffect, useRef, type ReactNode } from "react";
import { ErrorMessage } from "./query-state";

// `open` is the truth. The element's "close" event is queued, not fired at once: one that follows our own `close()`
// can arrive after the dialog was opened again (Keep editing, then Back at once), and taken as the user's it would
// close the new question unanswered. So the event counts only when the user closed the dialog (Escape): the page
// still wants it open, and it is not open again.
export function Dialog(props: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  // What the page last applied to the element, set beside showModal()/close(): a render whose effect has not run yet
  // (props.open already true, the element still closed) must not let a stale event through.
  const wanted = useRef(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    wanted.current = props.open;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  const closedByUser = () => {
    if (wanted.current && !ref.current?.open) props.onClose();
  };
  const titleId = `dialog-${props.title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={closedByUser} className="dialog">
      {props.open && (
        <>
          <h2 id={titleId}>{props.title}</h2>
          {props.children}
        </>
      )}
    </dialog>
  );
}

/** "Are you sure?" for destructive actions: confirmed by a button named like the action. */
export function ConfirmDialog(props: {
  title: string;
  message: ReactNode;
  action: string;
  open: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog title={props.title} open={props.open} onClose={props.onClose}>
      <p>{props.message}</p>
      <div className="actions">
        <button type="button" onClick={props.onClose}>
          Cancel
        </button>
        <button type="button" className="danger" disabled={props.pending} onClick={props.onConfirm}>
          {props.action}
        </button>
      </div>
    </Dialog>
  );
}

/** The closing row of a form: "Cancel" (in a dialog) and the submit button named after the action. */
export function FormActions(props: { submit: string; pending?: boolean; onCancel?: () => void }) {
  return (
    <div className="actions">
      {props.onCancel && (
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      )}
      <button type="submit" className="primary" disabled={props.pending}>
        {props.submit}
      </button>
    </div>
  );
}

/**
 * A dialog holding one form: its fields (children), the request's error in words, "Cancel" (which closes, like
 * Escape) and the submit button named `submit`. `done`, once given (a secret the API shows once), replaces the form.
 */
export function FormDialog(props: {
  title: string;
  open: boolean;
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
  return (
    <Dialog title={props.title} open={props.open} onClose={props.onClose}>
      {props.done ?? (
        <form className={props.className} onSubmit={(event) => (event.preventDefault(), props.onSubmit())}>
          {props.children}
          <ErrorMessage error={props.error} />
          <FormActions submit={props.submit} pending={props.pending} onCancel={props.onClose} />
        </form>
      )}
    </Dialog>
  );
}
