// The one confirmation for destructive actions (docs/conventions.md rule 14): a button that opens a dialog naming what will
// happen, confirmed by a button of the action's own name ("Remove", "Delete variant", "Revoke") or cancelled.
// Used for removing a gallery item, deleting a variant or a product, revoking a token or an invite, removing a member.
import { useState, type ReactNode } from "react";
import { ConfirmDialog } from "./dialog";

export function ConfirmButton(props: {
  /** The trigger's visible text, when it is not the action's name. */
  children?: ReactNode;
  /** The trigger's accessible name when the visible text alone is ambiguous in a list ("Delete variant Red"). */
  label?: string;
  title: string;
  message: ReactNode;
  /** The confirming button's name. */
  action: string;
  pending?: boolean;
  disabled?: boolean;
  onConfirm: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="danger" aria-label={props.label} disabled={props.disabled} onClick={() => setOpen(true)}>
        {props.children ?? props.action}
      </button>
      <ConfirmDialog
        title={props.title}
        message={props.message}
        action={props.action}
        open={open}
        pending={props.pending}
        onClose={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          props.onConfirm();
        }}
      />
    </>
  );
}
