// The "More filters" dialog (./more-filters.tsx): an equality input per filterable field, for its type ("Any": no
// filter), and for integer, decimal, money and date fields a range too. "Apply filters" hands the API's parameters
// back (values as the API takes them), or says beside a field what the console can tell is not a value.
import { SelectField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { useApiForm } from "../../../components/forms";
import { ValueInput } from "../../../components/custom-fields/value-input";
import { type FieldDefinition, type FieldType, RANGE_FILTER_TYPES } from "../../../lib/field-types";
import { parseScalar, scalarText } from "../../../lib/field-values";
import { useDisplay } from "../../../lib/format";
import { localProblems } from "../../../lib/problem";
import { type Bound, boundWords, paramOf, parseParam } from "./filter-params";

/** The URL's value (the API's filter text) as the input's text. */
function textOf(type: FieldType, value: string, timeZone: string): string {
  if (type === "money" || type === "integer" || type === "decimal") return scalarText(type, Number(value), timeZone);
  return scalarText(type, value, timeZone);
}

/** A parameter as a form field's name: react-hook-form reads dots as nesting (`field.weight` and `field.weight.min`). */
const keyOf = (param: string) => param.replaceAll(".", "~");
const paramOf_ = (key: string) => key.replaceAll("~", ".");

export default function MoreFiltersDialog(props: {
  fields: FieldDefinition[];
  active: Array<[string, string]>;
  onApply: (entries: Array<[string, string]>) => void;
  onClose: () => void;
}) {
  const { timeZone } = useDisplay();
  const typeOf = (param: string) => props.fields.find((d) => d.key === parseParam(param).key)?.type ?? "text";
  // The parameters of a search, not an edit of anything: not guarded.
  const form = useApiForm<Record<string, string>, Array<[string, string]>>({
    defaultValues: Object.fromEntries(props.active.map(([param, value]) => [keyOf(param), textOf(typeOf(param), value, timeZone)])),
    guard: false,
    request: (texts) => {
      const entries: Array<[string, string]> = [];
      const errors: Array<{ path: string; message: string }> = [];
      for (const [key, text] of Object.entries(texts)) {
        const param = paramOf_(key);
        const parsed = parseScalar(typeOf(param), text ?? "", timeZone);
        if ("error" in parsed) errors.push({ path: key, message: parsed.error });
        else if ("value" in parsed) entries.push([param, String(parsed.value)]);
      }
      return errors.length > 0 ? localProblems(errors) : entries;
    },
    submit: (entries) => props.onApply(entries),
  });
  const texts = form.watch();
  const input = (d: FieldDefinition, bound: Bound) => {
    const key = keyOf(paramOf(d.key, bound));
    const label = `${d.name}${boundWords(d.type, bound)}`;
    const text = texts[key] ?? "";
    const set = (next: string) => form.setValue(key, next);
    if (d.type === "boolean") {
      return (
        <SelectField
          key={key}
          label={label}
          name={key}
          value={text}
          onChange={(e) => set(e.target.value)}
          options={[
            ["", "Any"],
            ["true", "Yes"],
            ["false", "No"],
          ]}
        />
      );
    }
    // A range's bounds are plain values of the type (choices narrow equality only).
    const definition = bound === "eq" ? d : { type: d.type, validations: {} };
    return <ValueInput key={key} definition={definition} label={label} name={key} emptyLabel="Any" text={text} onChange={set} />;
  };
  const groups = [
    ["Product fields", props.fields.filter((d) => d.owner === "product")],
    ["Variant fields (products with a matching variant)", props.fields.filter((d) => d.owner === "variant")],
  ] as const;
  return (
    <FormDialog title="More filters" form={form} onClose={props.onClose} submit="Apply filters">
      <p className="hint">Products matching every filter given; texts match exactly.</p>
      {groups.map(
        ([legend, defs]) =>
          defs.length > 0 && (
            <fieldset key={legend}>
              <legend>{legend}</legend>
              {defs.map((d) =>
                RANGE_FILTER_TYPES.has(d.type) ? (
                  <div className="form-grid three" key={d.id}>
                    {input(d, "eq")}
                    {input(d, "min")}
                    {input(d, "max")}
                  </div>
                ) : (
                  input(d, "eq")
                ),
              )}
            </fieldset>
          ),
      )}
      <button type="button" onClick={() => props.onApply([])}>
        Clear filters
      </button>
    </FormDialog>
  );
}
