// The custom fields of one owner in its form (docs/api/21-custom-fields.md), after the built-in fields: one input per
// definition, labelled by its name, in the order the store defined them (ValueInput picks the input for the type; a
// list is a row of inputs with "Add" and "Remove"). The form (useApiForm) holds `{stored, drafts}`
// (lib/field-values.ts) as its value `fields`, so typing is an unsaved edit like any other, and its request sends
// `fields` with the rest:
//
//   const custom = useCustomFields("product");
//   const form = useApiForm({ defaultValues: { ..., fields: fieldsState(product.fields) },
//     request: (values) => custom.body(values.fields, "update") ... });   // { fields } or the problem to show
//   <CustomFields custom={custom} />                                    // inside the form: its value `fields`
//
// Wrong values say why beside the field: the API's 422 at `fields.<key>` (`.<index>` in a list), or the console's
// own for what it can tell before sending (an amount that is not one, JSON that does not parse), each input of a
// field registering `fields.<key>` as a field of the form (components/forms).
import { useId } from "react";
import { type Control, useController } from "react-hook-form";
import { FieldError, useFieldError } from "../forms/field-error";
import { useApiFormContext } from "../forms/use-api-form";
import { ErrorMessage, Loading } from "../common/query-state";
import { useAllFieldDefinitions } from "../../hooks/api/field-definitions";
import { type FieldDefinition, type FieldOwner, isList, itemType } from "../../lib/field-types";
import { type FieldsState, fieldsBody, shownDraft, withDraft } from "../../lib/field-values";
import { displayTimeZone, useDisplay } from "../../lib/format";
import { localProblems, type ApiProblem } from "../../lib/problem";
import { ValueInput } from "./value-input";

/** One owner's definitions, and the body's `fields` from a form's state. */
export function useCustomFields(owner: FieldOwner) {
  const query = useAllFieldDefinitions(owner);
  const definitions = query.data ?? [];
  return {
    query,
    definitions,
    /** `{ fields }` to spread into the request body, or the problem to show (nothing is sent then). */
    body(state: FieldsState, mode: "create" | "update"): { fields?: Record<string, unknown> } | ApiProblem {
      const { fields, errors } = fieldsBody(definitions, state, displayTimeZone(), mode);
      return errors.length > 0 ? localProblems(errors) : fields ? { fields } : {};
    },
  };
}

export type CustomFieldsOf = ReturnType<typeof useCustomFields>;

export function CustomFields(props: {
  custom: CustomFieldsOf;
  /** The form value holding the fields' state (default `fields`). */
  name?: string;
  /** Inside a fieldset "Custom fields" (the default), or bare under a heading of the page's own. */
  bare?: boolean;
}) {
  const { query, definitions } = props.custom;
  const display = useDisplay();
  const form = useApiFormContext();
  const { field } = useController({ control: form?.control as Control, name: props.name ?? "fields" });
  const state = field.value as FieldsState;
  if (query.error) return <ErrorMessage error={query.error} />;
  if (query.isPending) return <Loading label="Loading custom fields…" />;
  if (definitions.length === 0) return null;
  const set = (definition: FieldDefinition, draft: string | string[]) => field.onChange(withDraft(state, definition, draft, display.timeZone));
  const inputs = definitions.map((d) => {
    const draft = shownDraft(state, d, display.timeZone);
    const path = `fields.${d.key}`;
    return isList(d.type) ? (
      <ListInput key={d.id} definition={d} items={draft as string[]} onChange={(items) => set(d, items)} />
    ) : (
      <ValueInput key={d.id} definition={d} label={d.name} description={d.description} name={path} text={draft as string} onChange={(text) => set(d, text)} />
    );
  });
  if (props.bare) return <>{inputs}</>;
  return (
    <fieldset className="custom-fields">
      <legend>Custom fields</legend>
      {inputs}
    </fieldset>
  );
}

/** The most items a list holds (docs/api/21-custom-fields.md). */
const MAX_ITEMS = 128;

/** A list field: an input per item ("<Name> 1", "<Name> 2"), each with "Remove", and "Add" for one more. */
function ListInput(props: { definition: FieldDefinition; items: string[]; onChange: (items: string[]) => void }) {
  const { definition: d, items } = props;
  const id = useId();
  const path = `fields.${d.key}`;
  const message = useFieldError(path);
  const describedBy = [d.description ? `${id}-hint` : "", message ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className="list-input" aria-describedby={describedBy}>
      <legend>{d.name}</legend>
      {d.description && (
        <small id={`${id}-hint`} className="hint">
          {d.description}
        </small>
      )}
      {items.length === 0 && <p className="empty">No items.</p>}
      {items.map((text, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the items are bare values without ids; each input is controlled by its index
        <div className="list-item" key={i}>
          <ValueInput
            definition={d}
            label={`${d.name} ${i + 1}`}
            name={`${path}.${i}`}
            text={text}
            onChange={(next) => props.onChange(items.map((t, j) => (j === i ? next : t)))}
          />
          <button type="button" onClick={() => props.onChange(items.filter((_, j) => j !== i))}>
            Remove
            <span className="visually-hidden">
              {" "}
              {d.name} {i + 1}
            </span>
          </button>
        </div>
      ))}
      {items.length < MAX_ITEMS && (
        <button type="button" onClick={() => props.onChange([...items, itemType(d.type) === "boolean" ? "false" : ""])}>
          Add<span className="visually-hidden"> to {d.name}</span>
        </button>
      )}
      <FieldError name={path} id={`${id}-error`} />
    </fieldset>
  );
}
