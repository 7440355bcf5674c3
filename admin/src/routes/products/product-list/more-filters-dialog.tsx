// The "More filters" dialog (./more-filters.tsx): an equality input per filterable field, for its type ("Any": no
// filter), and for integer, decimal, money and date fields a range too. "Apply filters" hands the API's parameters
// back (values as the API takes them), or says beside a field what the console can tell is not a value.
import { useState } from "react";
import { SelectField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { ValueInput } from "../../../components/custom-fields/value-input";
import { type FieldDefinition, type FieldType, RANGE_FILTER_TYPES } from "../../../lib/field-types";
import { parseScalar, scalarText } from "../../../lib/field-values";
import { useDisplay } from "../../../lib/format";
import { type ApiProblem, localProblems } from "../../../lib/problem";
import { type Bound, boundWords, paramOf, parseParam } from "./filter-params";

/** The URL's value (the API's filter text) as the input's text. */
function textOf(type: FieldType, value: string, timeZone: string): string {
  if (type === "money" || type === "integer" || type === "decimal") return scalarText(type, Number(value), timeZone);
  return scalarText(type, value, timeZone);
}

const NO_GUARD = { leave: (action: () => void) => action() };

export default function MoreFiltersDialog(props: {
  fields: FieldDefinition[];
  active: Array<[string, string]>;
  onApply: (entries: Array<[string, string]>) => void;
  onClose: () => void;
}) {
  const { timeZone } = useDisplay();
  const typeOf = (param: string) => props.fields.find((d) => d.key === parseParam(param).key)?.type ?? "text";
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(props.active.map(([param, value]) => [param, textOf(typeOf(param), value, timeZone)])),
  );
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const apply = () => {
    const entries: Array<[string, string]> = [];
    const errors: Array<{ path: string; message: string }> = [];
    for (const [param, text] of Object.entries(texts)) {
      const parsed = parseScalar(typeOf(param), text, timeZone);
      if ("error" in parsed) errors.push({ path: param, message: parsed.error });
      else if ("value" in parsed) entries.push([param, String(parsed.value)]);
    }
    if (errors.length > 0) return setProblem(localProblems(errors));
    props.onApply(entries);
  };
  const input = (d: FieldDefinition, bound: Bound) => {
    const param = paramOf(d.key, bound);
    const label = `${d.name}${boundWords(d.type, bound)}`;
    const text = texts[param] ?? "";
    const set = (next: string) => setTexts((t) => ({ ...t, [param]: next }));
    if (d.type === "boolean") {
      return <SelectField key={param} label={label} value={text} onChange={set} options={[["", "Any"], ["true", "Yes"], ["false", "No"]]} />;
    }
    // A range's bounds are plain values of the type (choices narrow equality only).
    const definition = bound === "eq" ? d : { type: d.type, validations: {} };
    return <ValueInput key={param} definition={definition} label={label} path={param} error={problem} emptyLabel="Any" text={text} onChange={set} />;
  };
  const groups = [
    ["Product fields", props.fields.filter((d) => d.owner === "product")],
    ["Variant fields (products with a matching variant)", props.fields.filter((d) => d.owner === "variant")],
  ] as const;
  return (
    <FormDialog title="More filters" form={NO_GUARD} onClose={props.onClose} onSubmit={apply} submit="Apply filters" error={problem}>
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
