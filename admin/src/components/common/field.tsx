// Labelled form controls with their API field error (errors[].path) right under them, tied by aria-describedby:
// a text input, a textarea and a select (combobox), all in the same frame (label, control, hint, error). The hint
// describes the control too (a read-only "Stock" says why, and what to use instead).
import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import { fieldError } from "../../lib/problem";

export interface FieldProps {
  label: string;
  /** The API field path whose error shows under this input. */
  path?: string;
  error?: unknown;
  hint?: ReactNode;
}

export interface ControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/**
 * The frame: the label, the control (given its id and error wiring), the hint and the field's error. Exported for
 * controls of their own (a custom field's date, colour or reference picker).
 */
export function Field(props: FieldProps & { className?: string; control: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const message = props.path ? fieldError(props.error, props.path) : undefined;
  const describedBy = [props.hint ? hintId : "", message ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={props.className ?? "field"}>
      <label htmlFor={id}>{props.label}</label>
      {props.control({ id, "aria-invalid": message ? true : undefined, "aria-describedby": describedBy })}
      {props.hint && (
        <small id={hintId} className="hint">
          {props.hint}
        </small>
      )}
      {message && (
        <small id={errorId} className="field-error" role="alert">
          {message}
        </small>
      )}
    </div>
  );
}

export function TextField(props: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const { label, path, error, hint, ...input } = props;
  return <Field label={label} path={path} error={error} hint={hint} control={(c) => <input type="text" {...input} {...c} />} />;
}

export function TextArea(props: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { label, path, error, hint, ...input } = props;
  return <Field label={label} path={path} error={error} hint={hint} control={(c) => <textarea {...input} {...c} />} />;
}

/** A labelled checkbox with its hint and API error (the label follows the box, as checkboxes read). */
export function CheckboxField(props: FieldProps & { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  const id = useId();
  const message = props.path ? fieldError(props.error, props.path) : undefined;
  const describedBy = [props.hint ? `${id}-hint` : "", message ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field checkbox-field">
      <label>
        <input type="checkbox" checked={props.checked} disabled={props.disabled} onChange={(e) => props.onChange(e.target.checked)}
          aria-invalid={message ? true : undefined} aria-describedby={describedBy} />
        {props.label}
      </label>
      {props.hint && (
        <small id={`${id}-hint`} className="hint">
          {props.hint}
        </small>
      )}
      {message && (
        <small id={`${id}-error`} className="field-error" role="alert">
          {message}
        </small>
      )}
    </div>
  );
}

export type OptionList = ReadonlyArray<readonly [value: string | number, label: string]>;

/** The `<option>`s of a select, from [value, label] pairs. */
export function Options({ of }: { of: OptionList }) {
  return of.map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}

/** A labelled select (role combobox); `inline` puts the label beside it (a list's filter). */
export function SelectField(
  props: FieldProps & { value: string | number; onChange: (value: string) => void; options: OptionList; inline?: boolean },
) {
  const { label, path, error, hint } = props;
  return (
    <Field
      label={label}
      path={path}
      error={error}
      hint={hint}
      className={props.inline ? "field inline" : "field"}
      control={(c) => (
        <select value={props.value} onChange={(e) => props.onChange(e.target.value)} {...c}>
          <Options of={props.options} />
        </select>
      )}
    />
  );
}
