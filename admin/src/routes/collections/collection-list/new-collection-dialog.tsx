// "New collection": a title, Manual or Automatic, and for an automatic one its rule rows (field, condition,
// value; all or any must match), then the collection's custom fields. The API checks the rules; the console offers
// only what they accept.
import { useState } from "react";
import { useNavigate } from "react-router";
import { useEditForm } from "../../../components/common/edit-form";
import { Options, TextField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { CustomFields, useCustomFields } from "../../../components/custom-fields/custom-fields";
import { type CreateCollection, useCreateCollection } from "../../../hooks/api/collections";
import { fieldsState } from "../../../lib/field-values";
import { ApiProblem } from "../../../lib/problem";

type Rules = NonNullable<CreateCollection["rules"]>;
type Condition = Rules["conditions"][number];

const FIELDS = [
  ["tag", "Tag"],
  ["brand", "Brand"],
  ["product_type", "Product type"],
  ["title", "Title"],
  ["price_cents", "Price (cents)"],
  ["stock", "Stock"],
] as const;
const NUMERIC = new Set(["price_cents", "stock"]);
const OPS: Record<"text" | "number", Array<[Condition["op"], string]>> = {
  text: [["equals", "is"], ["not_equals", "is not"], ["contains", "contains"]],
  number: [["equals", "is"], ["not_equals", "is not"], ["greater_than", "is greater than"], ["less_than", "is less than"]],
};

type Row = {
  field: Condition["field"];
  op: Condition["op"];
  value: string;
};

const blankRow = (): Row => ({ field: "tag", op: "equals", value: "" });

export function NewCollectionDialog(props: { onClose: () => void }) {
  const create = useCreateCollection();
  const navigate = useNavigate();
  const custom = useCustomFields("collection");
  const edit = useEditForm({
    title: "",
    kind: "manual" as "manual" | "automatic",
    match: "all" as "all" | "any",
    rows: [blankRow()],
    fields: fieldsState(),
  });
  const { title, kind, match, rows } = edit.form;
  const [localError, setLocalError] = useState<ApiProblem | null>(null);
  const error = localError ?? create.error;
  const setRows = (next: Row[]) => edit.setValue("rows", next);
  const setRow = (i: number, change: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const submit = () => {
    const fields = custom.body(edit.form.fields, "create");
    if (fields instanceof ApiProblem) return setLocalError(fields);
    setLocalError(null);
    const body: CreateCollection = { title, kind, ...fields };
    if (kind === "automatic") {
      const conditions = rows.map((r) => ({ field: r.field, op: r.op, value: NUMERIC.has(r.field) ? Number(r.value) : r.value }));
      body.rules = { match, conditions } as Rules;
    }
    create.mutate(body, { onSuccess: (c) => (edit.saved(), props.onClose(), navigate(`/collections/${c.id}`)) });
  };
  return (
    <FormDialog
      title="New collection"
      form={edit}
      onClose={props.onClose}
      onSubmit={submit}
      submit="Create collection"
      pending={create.isPending}
      error={error}
    >
      <TextField label="Title" required value={title} onChange={edit.set("title")} path="title" error={error} />
      <fieldset>
        <legend>Kind</legend>
        <label>
          <input type="radio" name="kind" checked={kind === "manual"} onChange={() => edit.setValue("kind", "manual")} /> Manual
        </label>
        <label>
          <input type="radio" name="kind" checked={kind === "automatic"} onChange={() => edit.setValue("kind", "automatic")} /> Automatic
        </label>
      </fieldset>
      {kind === "automatic" && (
        <fieldset>
          <legend>Rules</legend>
          <label>
            Products must match{" "}
            <select value={match} onChange={(e) => edit.setValue("match", e.target.value as "all" | "any")}>
              <option value="all">all conditions</option>
              <option value="any">any condition</option>
            </select>
          </label>
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rule rows have no id; their inputs are controlled by index
            <div className="form-grid" key={i} role="group" aria-label={`Condition ${i + 1}`}>
              <label>
                Field{" "}
                <select value={r.field} onChange={(e) => setRow(i, { field: e.target.value as Row["field"], op: "equals" })}>
                  <Options of={FIELDS} />
                </select>
              </label>
              <label>
                Condition{" "}
                <select value={r.op} onChange={(e) => setRow(i, { op: e.target.value as Row["op"] })}>
                  <Options of={OPS[NUMERIC.has(r.field) ? "number" : "text"]} />
                </select>
              </label>
              <TextField label="Value" required value={r.value} inputMode={NUMERIC.has(r.field) ? "numeric" : undefined}
                onChange={(e) => setRow(i, { value: e.target.value })} path={`rules.conditions.${i}.value`} error={error} />
              {rows.length > 1 && (
                <button type="button" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                  Remove condition
                </button>
              )}
            </div>
          ))}
          {rows.length < 10 && (
            <button type="button" onClick={() => setRows([...rows, blankRow()])}>
              Add condition
            </button>
          )}
        </fieldset>
      )}
      <CustomFields custom={custom} state={edit.form.fields} onChange={(f) => edit.setValue("fields", f)} error={error} />
    </FormDialog>
  );
}
