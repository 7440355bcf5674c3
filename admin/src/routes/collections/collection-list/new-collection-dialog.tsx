// "New collection": a title, Manual or Automatic, and for an automatic one its rule rows (field, condition,
// value; all or any must match), then the collection's custom fields. The API checks the rules; the console offers
// only what they accept.
import { useFieldArray } from "react-hook-form";
import { useNavigate } from "react-router";
import { Options, TextField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { CustomFields, useCustomFields } from "../../../components/custom-fields/custom-fields";
import { useApiForm } from "../../../components/forms";
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
  text: [
    ["equals", "is"],
    ["not_equals", "is not"],
    ["contains", "contains"],
  ],
  number: [
    ["equals", "is"],
    ["not_equals", "is not"],
    ["greater_than", "is greater than"],
    ["less_than", "is less than"],
  ],
};

type Row = {
  field: Condition["field"];
  op: Condition["op"];
  value: string;
};

const blankRow = (): Row => ({ field: "tag", op: "equals", value: "" });

export function NewCollectionDialog(props: { onClose: () => void }) {
  const navigate = useNavigate();
  const custom = useCustomFields("collection");
  const form = useApiForm({
    defaultValues: {
      title: "",
      kind: "manual" as "manual" | "automatic",
      match: "all" as "all" | "any",
      rows: [blankRow()],
      fields: fieldsState(),
    },
    mutation: useCreateCollection(),
    // The rule rows are the API's `rules.conditions`: its errors there show at their row's Value.
    paths: (path) => path.replace(/^rules\.conditions\.(\d+)\.value$/, "rows.$1.value"),
    request: ({ title, kind, match, rows, fields: state }) => {
      const fields = custom.body(state, "create");
      if (fields instanceof ApiProblem) return fields;
      const body: CreateCollection = { title, kind, ...fields };
      if (kind === "automatic") {
        const conditions = rows.map((r) => ({ field: r.field, op: r.op, value: NUMERIC.has(r.field) ? Number(r.value) : r.value }));
        body.rules = { match, conditions } as Rules;
      }
      return body;
    },
    onSaved: (c) => (props.onClose(), navigate(`/collections/${c.id}`)),
  });
  const rows = useFieldArray({ control: form.control, name: "rows" });
  const [kind, shown] = form.watch(["kind", "rows"]);
  return (
    <FormDialog title="New collection" form={form} onClose={props.onClose} submit="Create collection">
      <TextField label="Title" required {...form.register("title")} />
      <fieldset>
        <legend>Kind</legend>
        <label>
          <input type="radio" value="manual" {...form.register("kind")} /> Manual
        </label>
        <label>
          <input type="radio" value="automatic" {...form.register("kind")} /> Automatic
        </label>
      </fieldset>
      {kind === "automatic" && (
        <fieldset>
          <legend>Rules</legend>
          <label>
            Products must match{" "}
            <select {...form.register("match")}>
              <option value="all">all conditions</option>
              <option value="any">any condition</option>
            </select>
          </label>
          {rows.fields.map((row, i) => {
            const field = shown[i]?.field ?? row.field;
            return (
              <div className="form-grid" key={row.id} role="group" aria-label={`Condition ${i + 1}`}>
                <label>
                  Field{" "}
                  <select {...form.register(`rows.${i}.field`, { onChange: () => form.setValue(`rows.${i}.op`, "equals") })}>
                    <Options of={FIELDS} />
                  </select>
                </label>
                <label>
                  Condition{" "}
                  <select {...form.register(`rows.${i}.op`)}>
                    <Options of={OPS[NUMERIC.has(field) ? "number" : "text"]} />
                  </select>
                </label>
                <TextField label="Value" required inputMode={NUMERIC.has(field) ? "numeric" : undefined} {...form.register(`rows.${i}.value`)} />
                {rows.fields.length > 1 && (
                  <button type="button" onClick={() => rows.remove(i)}>
                    Remove condition
                  </button>
                )}
              </div>
            );
          })}
          {rows.fields.length < 10 && (
            <button type="button" onClick={() => rows.append(blankRow())}>
              Add condition
            </button>
          )}
        </fieldset>
      )}
      <CustomFields custom={custom} />
    </FormDialog>
  );
}
