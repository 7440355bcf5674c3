// Labelled form controls with their error right under them, tied by aria-describedby and aria-invalid: a text input,
// a textarea, a checkbox and a select (combobox), all in the same frame (label, control, hint, error). `name` is the
// form field (react-hook-form's `register(name)` gives it, with the control's handlers); the error shown is the one
// the form around holds for that name (components/forms: the API's `errors[].path`, or the console's own refusal).
// Outside a form (a list's filter) there is none. The hint describes the control too (a read-only "Stock" says why,
// and what to use instead).
//
//   <TextField label="Title" required {...form.register("title")} />
//   <SelectField label="Currency" options={CURRENCIES} {...form.register("currency")} />
import { type ComponentPropsWithRef, type ReactNode, useId } from "react";
import { FieldError, useFieldError } from "../forms/field-error";

export interface FieldProps {
  label: string;
  /** The form field whose error shows under this control (the API's errors[].path of the same name). */
  name?: string;
  hint?: ReactNode;
}

export interface ControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** The ids and aria attributes of a control of `name` with an optional hint. */
function useControlIds(name: string | undefined, hint: ReactNode) {
  const id = useId();
  const message = useFieldError(name);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : "", message ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return { id, errorId, hintId, control: { id, "aria-invalid": message ? (true as const) : undefined, "aria-describedby": describedBy } };
}

/**
 * The frame: the label, the control (given its id and error wiring), the hint and the field's error. Exported for
 * controls of their own (a custom field's date, colour or reference picker).
 */
export function Field(props: FieldProps & { className?: string; control: (control: ControlProps) => ReactNode }) {
  const { id, errorId, hintId, control } = useControlIds(props.name, props.hint);
  return (
    <div className={props.className ?? "field"}>
      <label htmlFor={id}>{props.label}</label>
      {props.control(control)}
      {props.hint && (
        <small id={hintId} className="hint">
          {props.hint}
        </small>
      )}
      {props.name && <FieldError name={props.name} id={errorId} />}
    </div>
  );
}

export function TextField(props: FieldProps & ComponentPropsWithRef<"input">) {
  const { label, hint, ...input } = props;
  return <Field label={label} name={input.name} hint={hint} control={(c) => <input type="text" {...input} {...c} />} />;
}

export function TextArea(props: FieldProps & ComponentPropsWithRef<"textarea">) {
  const { label, hint, ...input } = props;
  return <Field label={label} name={input.name} hint={hint} control={(c) => <textarea {...input} {...c} />} />;
}

/** A labelled checkbox with its hint and error (the label follows the box, as checkboxes read). */
export function CheckboxField(props: FieldProps & Omit<ComponentPropsWithRef<"input">, "type">) {
  const { label, hint, ...input } = props;
  const { errorId, hintId, control } = useControlIds(input.name, hint);
  return (
    <div className="field checkbox-field">
      <label>
        <input type="checkbox" {...input} aria-invalid={control["aria-invalid"]} aria-describedby={control["aria-describedby"]} />
        {label}
      </label>
      {hint && (
        <small id={hintId} className="hint">
          {hint}
        </small>
      )}
      {input.name && <FieldError name={input.name} id={errorId} />}
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
export function SelectField(props: FieldProps & ComponentPropsWithRef<"select"> & { options: OptionList; inline?: boolean }) {
  const { label, hint, options, inline, ...select } = props;
  return (
    <Field
      label={label}
      name={select.name}
      hint={hint}
      className={inline ? "field inline" : "field"}
      control={(c) => (
        <select {...select} {...c}>
          <Options of={options} />
        </select>
      )}
    />
  );
}
