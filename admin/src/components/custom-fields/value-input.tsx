// One custom field value's input, chosen by its type (docs/api/21-custom-fields.md), labelled by the field's name, with its
// description as the hint and the API's error for its path (`fields.<key>`, `.<index>` in a list) beneath it:
// a textbox (text, url, color beside a colour picker), a textarea (multi-line text, JSON), a number (integer,
// decimal), the money textbox in major units (as every price in the console), a checkbox, a date or a
// datetime-local on the store's clock, a combobox for a field with choices, and a picker for references.
import { useId } from "react";
import { CheckboxField, Field, type FieldProps, SelectField, TextArea, TextField } from "../common/field";
import { type FieldDefinition, type ScalarType, isReference, itemType } from "../../lib/field-types";
import { useDisplay } from "../../lib/format";
import { ReferencePicker } from "./reference-picker";

export interface ValueInputProps {
  label: string;
  /** The field's path in the form (`fields.<key>`, `.<index>` in a list; a filter's parameter): its error shows here. */
  name: string;
  /** The field's description: the input's hint. */
  description?: string | null;
  definition: Pick<FieldDefinition, "type" | "validations">;
  /** What a combobox (choices, references) calls no value: "None" in a form, "Any" in a filter. */
  emptyLabel?: string;
  /** The input's text (lib/field-values.ts: what a stored value shows, or what was typed). */
  text: string;
  onChange: (text: string) => void;
}

const COLOR_RE = /^#[0-9a-fA-F]{6}$/;

export function ValueInput(props: ValueInputProps) {
  const { definition, text, onChange, description, emptyLabel = "None", ...rest } = props;
  const display = useDisplay();
  const field = { ...rest, hint: description || undefined };
  /** The description, then what the input takes. */
  const noted = (note: string) => (description ? `${description} (${note})` : note);
  const type = itemType(definition.type) as ScalarType | "json";
  const set = (e: { target: { value: string } }) => onChange(e.target.value);
  const choices = definition.validations.choices;
  if (choices && (type === "text" || type === "multiline_text" || type === "url")) {
    // The stored value stays offered even if the choices changed since (they apply to later writes only).
    const options = [["", emptyLabel] as const, ...(text && !choices.includes(text) ? [text] : []).concat(choices).map((c) => [c, c] as const)];
    return <SelectField {...field} value={text} onChange={(e) => onChange(e.target.value)} options={options} />;
  }
  if (isReference(type)) return <ReferencePicker {...field} type={type} value={text} onChange={onChange} emptyLabel={emptyLabel} />;
  switch (type) {
    case "multiline_text":
      return <TextArea {...field} rows={3} value={text} onChange={set} />;
    case "json":
      return <TextArea {...field} rows={4} className="code" spellCheck={false} value={text} onChange={set} hint={noted("JSON")} />;
    case "integer":
    case "decimal":
      // step="any": the browser refuses nothing; the API's words say what is wrong (a fraction in an integer).
      return <TextField {...field} type="number" step="any" value={text} onChange={set} />;
    case "money":
      return <TextField {...field} inputMode="decimal" value={text} onChange={set} hint={noted(`an amount in ${display.currency}, such as 12.50`)} />;
    case "boolean":
      return <CheckboxField {...field} checked={text === "true"} onChange={(e) => onChange(e.target.checked ? "true" : "false")} />;
    case "date":
      return <TextField {...field} type="date" value={text} onChange={set} />;
    case "date_time":
      return <TextField {...field} type="datetime-local" step={1} value={text} onChange={set} hint={noted(`in the store's time zone, ${display.timeZone}`)} />;
    case "color":
      return <ColorInput {...field} text={text} onChange={onChange} valid={COLOR_RE.test(text)} />;
    case "url":
      return <TextField {...field} inputMode="url" placeholder="https://" value={text} onChange={set} />;
    default:
      return <TextField {...field} value={text} onChange={set} />;
  }
}

/** A colour as text (#rrggbb, what the API takes) beside the browser's colour picker for the same value. */
function ColorInput(props: FieldProps & { text: string; valid: boolean; onChange: (text: string) => void }) {
  const { text, valid, onChange, ...field } = props;
  const pickerId = useId();
  return (
    <Field
      {...field}
      control={(c) => (
        <div className="color-input">
          <input type="text" {...c} value={text} placeholder="#rrggbb" spellCheck={false} onChange={(e) => onChange(e.target.value)} />
          <input
            id={pickerId}
            type="color"
            aria-label={`${field.label}: colour picker`}
            value={valid ? text.toLowerCase() : "#000000"}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      )}
    />
  );
}
