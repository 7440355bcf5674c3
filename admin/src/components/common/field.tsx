// A labelled input with its API field error (errors[].path) right under it, tied by aria-describedby.
import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import { fieldError } from "../../lib/problem";

interface FieldProps {
  label: string;
  /** The API field path whose error shows under this input. */
  path?: string;
  error?: unknown;
  hint?: ReactNode;
}

function useFieldIds(props: FieldProps) {
  const id = useId();
  const message = props.path ? fieldError(props.error, props.path) : undefined;
  return { id, errorId: `${id}-error`, message };
}

function FieldMessage({ errorId, message, hint }: { errorId: string; message?: string; hint?: ReactNode }) {
  return (
    <>
      {hint && <small className="hint">{hint}</small>}
      {message && (
        <small id={errorId} className="field-error" role="alert">
          {message}
        </small>
      )}
    </>
  );
}

export function TextField(props: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const { label, path, error, hint, ...input } = props;
  const { id, errorId, message } = useFieldIds(props);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        {...input}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
      />
      <FieldMessage errorId={errorId} message={message} hint={hint} />
    </div>
  );
}

export function TextArea(props: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { label, path, error, hint, ...input } = props;
  const { id, errorId, message } = useFieldIds(props);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        {...input}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
      />
      <FieldMessage errorId={errorId} message={message} hint={hint} />
    </div>
  );
}
