// A modal dialog on the native <dialog> element: focus trap, Escape and the dialog role come with it.
import { useEffect, useRef, type ReactNode } from "react";

export function Dialog(props: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  const titleId = `dialog-${props.title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={props.onClose} className="dialog">
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

/** The closing row of a form in a dialog: "Cancel" and the submit button named after the action. */
export function FormActions(props: { submit: string; pending?: boolean; onCancel: () => void }) {
  return (
    <div className="actions">
      <button type="button" onClick={props.onCancel}>
        Cancel
      </button>
      <button type="submit" className="primary" disabled={props.pending}>
        {props.submit}
      </button>
    </div>
  );
}
