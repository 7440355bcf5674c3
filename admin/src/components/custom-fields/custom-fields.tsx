// The custom fields of one owner in its form (API.md section 21), after the built-in fields: one input per
// definition, labelled by its name, in the order the store defined them (ValueInput picks the input for the type; a
// list is a row of inputs with "Add" and "Remove"). The form holds `{stored, drafts}` (lib/field-values.ts) in its
// useEditForm state, so typing is an unsaved edit like any other, and sends `fields` with its own request:
//
//   const custom = useCustomFields("product");
//   const edit = useEditForm({ ..., fields: fieldsState(product.fields) });
//   const fields = custom.body(edit.form.fields, "update");           // { fields } or the problem to show
//   <CustomFields custom={custom} state={edit.form.fields} onChange={(s) => edit.setValue("fields", s)} error={error} />
//
// Wrong values say why beside the field: the API's 422 at `fields.<key>` (`.<index>` in a list), or the console's
// own for what it can tell before sending (an amount that is not one, JSON that does not parse).
import { useId } from "react";
import { ErrorMessage, Loading } from "../common/query-state";
import { useAllFieldDefinitions } from "../../hooks/api/field-definitions";
import { type FieldDefinition, type FieldOwner, isList, itemType } from "../../lib/field-types";
import { type FieldsState, fieldsBody, shownDraft, withDraft } from "../../lib/field-values";
import { displayTimeZone, useDisplay } from "../../lib/format";
import { fieldError, localProblems, type ApiProblem } from "../../lib/problem";
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
  state: FieldsState;
  onChange: (state: FieldsState) => void;
  error: unknown;
  /** Inside a fieldset "Custom fields" (the default), or bare under a heading of the page's own. */
  bare?: boolean;
}) {
  const { query, definitions } = props.custom;
  const display = useDisplay();
  if (query.error) return <ErrorMessage error={query.error} />;
  if (query.isPending) return <Loading label="Loading custom fields…" />;
  if (definitions.length === 0) return null;
  const set = (definition: FieldDefinition, draft: string | string[]) => props.onChange(withDraft(props.state, definition, draft, display.timeZone));
  const inputs = definitions.map((d) => {
        const draft = shownDraft(props.state, d, display.timeZone);
        const path = `fields.${d.key}`;
        return isList(d.type) ? (
          <ListInput key={d.id} definition={d} items={draft as string[]} onChange={(items) => set(d, items)} error={props.error} />
        ) : (
          <ValueInput key={d.id} definition={d} label={d.name} description={d.description} path={path} error={props.error}
            text={draft as string} onChange={(text) => set(d, text)} />
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

/** The most items a list holds (API.md section 21). */
const MAX_ITEMS = 128;

/** A list field: an input per item ("<Name> 1", "<Name> 2"), each with "Remove", and "Add" for one more. */
function ListInput(props: { definition: FieldDefinition; items: string[]; onChange: (items: string[]) => void; error: unknown }) {
  const { definition: d, items } = props;
  const id = useId();
  const path = `fields.${d.key}`;
  const message = fieldError(props.error, path);
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
        <div className="list-item" key={i}>
          <ValueInput definition={d} label={`${d.name} ${i + 1}`} path={`${path}.${i}`} error={props.error} text={text}
            onChange={(next) => props.onChange(items.map((t, j) => (j === i ? next : t)))} />
          <button type="button" onClick={() => props.onChange(items.filter((_, j) => j !== i))}>
            Remove<span className="visually-hidden"> {d.name} {i + 1}</span>
          </button>
        </div>
      ))}
      {items.length < MAX_ITEMS && (
        <button type="button" onClick={() => props.onChange([...items, itemType(d.type) === "boolean" ? "false" : ""])}>
          Add<span className="visually-hidden"> to {d.name}</span>
        </button>
      )}
      {message && (
        <small id={`${id}-error`} className="field-error" role="alert">
          {message}
        </small>
      )}
    </fieldset>
  );
}
