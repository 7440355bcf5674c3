// A modal dialog on the native <dialog> element: focus trap, focus return and the dialog role come with it. Also the
// confirmation every destructive action takes, and a form's closing row. (A dialog holding a form: form-dialog.tsx.)
import { useLayoutEffect, useReducer, useRef, type ReactNode } from "react";

// `open` is the truth, and the element never closes itself. Escape (or any close request of the browser) is a
// request handed to `onClose`; the page answers it by rendering `open={false}`, or not (a form with unsaved edits
// asks first, and "Keep editing" leaves the dialog open as it was). After every commit the element follows `open`.
// So no native "close" event is ever taken for the user's: the old race, in which the queued "close" of our own
// close() landed after the dialog had been opened again and closed it unanswered, has nothing left to act on.
export function Dialog(props: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  // What the element was last told (a layout effect: no event runs between a commit and it).
  const wanted = useRef(false);
  const [, resync] = useReducer((n: number) => n + 1, 0);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    wanted.current = props.open;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  });
  // Unmounted while open (a dialog form its page stopped rendering): closed first, so focus returns to its opener.
  useLayoutEffect(() => {
    const dialog = ref.current;
    return () => {
      wanted.current = false;
      if (dialog?.open) dialog.close();
    };
  }, []);
  // A close request the browser would not let us refuse (a cancel event that is not cancelable) closed the element:
  // the same request as Escape, and the element is shown again on the next commit if the page still wants it.
  const closedByBrowser = () => {
    if (!wanted.current || ref.current?.open) return;
    props.onClose();
    resync();
  };
  const titleId = `dialog-${props.title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="dialog"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || event.nativeEvent.isComposing) return;
        event.preventDefault(); // the browser's own close request never starts
        event.stopPropagation(); // one dialog answers: the innermost
        props.onClose();
      }}
      onCancel={(event) => {
        if (!event.cancelable) return; // the element closes; closedByBrowser asks
        event.preventDefault();
        props.onClose();
      }}
      onClose={closedByBrowser}
    >
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
