// "Add field" (name, key, type, description, validations for the type, "Filterable") and "Edit field <name>" (the
// same but key and type, shown read-only: the API never changes them). Dialog forms, guarded like every form,
// rendered while open. The key follows the name until it is typed into.
import { CheckboxField, SelectField, TextArea, TextField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { type ApiFormState, useApiForm } from "../../../components/forms";
import { useCreateFieldDefinition, useUpdateFieldDefinition } from "../../../hooks/api/field-definitions";
import { FIELD_TYPES, type FieldDefinition, type FieldOwner, type FieldType, OWNERS, canBeFilterable, typeLabel } from "../../../lib/field-types";
import { displayTimeZone } from "../../../lib/format";
import { ApiProblem } from "../../../lib/problem";
import { choiceErrors, toValidations, ValidationsInputs, type ValidationsForm, validationsForm } from "./validations-inputs";

const TYPE_OPTIONS = FIELD_TYPES.map((t) => [t, typeLabel(t)] as const);
const KEY_HINT = "a-z, 0-9 and _, starting with a letter: how the API, webhooks and CSV files name the field. It never changes.";

/** A key suggested from the name ("Care instructions" → "care_instructions"). */
const suggestKey = (name: string) =>
  name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^[^a-z]+|_+$/g, "")
    .slice(0, 64);

const ownerNoun = (owner: FieldOwner) => OWNERS.find(([o]) => o === owner)![2];

type Filterable = { filterable: boolean; validations: ValidationsForm };

/** "Filterable", for product and variant fields of a type that can be filtered by (disabled, saying why, otherwise). */
function FilterableField(props: { owner: FieldOwner; type: FieldType; form: ApiFormState<Filterable> }) {
  if (props.owner !== "product" && props.owner !== "variant") return null;
  const allowed = canBeFilterable(props.owner, props.type);
  return (
    <CheckboxField
      label="Filterable"
      name="filterable"
      checked={allowed && props.form.watch("filterable")}
      disabled={!allowed}
      onChange={(e) => props.form.setValue("filterable", e.target.checked)}
      hint={allowed ? "The products list filters by it (“More filters”); at most 20 per owner." : "Lists and JSON cannot be filtered by."}
    />
  );
}

export function AddFieldDialog(props: { owner: FieldOwner; onClose: () => void; onSaved: (name: string) => void }) {
  const zone = displayTimeZone();
  const form = useApiForm({
    defaultValues: { name: "", key: "", type: "text" as FieldType, description: "", filterable: false, validations: validationsForm("text", {}, zone) },
    mutation: useCreateFieldDefinition(),
    errors: (errors, values) => choiceErrors(errors, values.validations.choices),
    request: (values) => {
      const validations = toValidations(values.type, values.validations, zone);
      if (validations instanceof ApiProblem) return validations;
      return {
        owner: props.owner,
        key: values.key || suggestKey(values.name),
        name: values.name.trim(),
        type: values.type,
        description: values.description.trim() || undefined,
        validations,
        filterable: canBeFilterable(props.owner, values.type) && values.filterable,
      };
    },
    onSaved: (d) => (props.onSaved(d.name), props.onClose()),
  });
  const [name, key, type] = form.watch(["name", "key", "type"]);
  return (
    <FormDialog title="Add field" form={form} onClose={props.onClose} submit="Add field">
      <p className="hint">A field of every {ownerNoun(props.owner)}, shown in its form after the built-in ones.</p>
      <div className="form-grid">
        <TextField label="Field name" required maxLength={255} {...form.register("name")} placeholder="Material" />
        {/* The key follows the name until it is typed into. */}
        <TextField
          label="Key"
          required
          maxLength={64}
          name="key"
          value={key || suggestKey(name)}
          onChange={(e) => form.setValue("key", e.target.value)}
          hint={KEY_HINT}
          spellCheck={false}
        />
      </div>
      <SelectField label="Type" options={TYPE_OPTIONS} {...form.register("type")} hint="It never changes: for another type, make a new field." />
      <TextArea label="Description" rows={2} {...form.register("description")} hint="Shown under the field in the forms" />
      <ValidationsInputs type={type} />
      <FilterableField owner={props.owner} type={type} form={form as unknown as ApiFormState<Filterable>} />
    </FormDialog>
  );
}

const fromDefinition = (d: FieldDefinition, zone: string) => ({
  name: d.name,
  description: d.description ?? "",
  filterable: d.filterable,
  validations: validationsForm(d.type, d.validations, zone),
});

export function EditFieldDialog(props: { definition: FieldDefinition; onClose: () => void; onSaved: (name: string) => void }) {
  const { definition: d } = props;
  const zone = displayTimeZone();
  const form = useApiForm({
    defaultValues: fromDefinition(d, zone),
    mutation: useUpdateFieldDefinition(),
    errors: (errors, values) => choiceErrors(errors, values.validations.choices),
    request: (values, changes) => {
      if (Object.keys(changes).length === 0) return undefined;
      const validations = changes.validations ? toValidations(d.type, values.validations, zone) : undefined;
      if (validations instanceof ApiProblem) return validations;
      return {
        id: d.id,
        ...(changes.name !== undefined ? { name: values.name.trim() } : {}),
        ...(changes.description !== undefined ? { description: values.description.trim() || null } : {}),
        ...(changes.filterable !== undefined ? { filterable: values.filterable } : {}),
        // The whole set replaces the stored one ({} removes them all).
        ...(validations ? { validations } : {}),
      };
    },
    onUnchanged: props.onClose,
    onSaved: (saved) => (props.onSaved(saved.name), props.onClose()),
  });
  return (
    <FormDialog title={`Edit field ${d.name}`} form={form} onClose={props.onClose} submit="Save field">
      <div className="form-grid">
        <TextField label="Field name" required maxLength={255} {...form.register("name")} />
        <TextField label="Key" readOnly value={d.key} hint="Keys never change." />
      </div>
      <TextField label="Type" readOnly value={typeLabel(d.type)} hint="Types never change: for another type, make a new field." />
      <TextArea label="Description" rows={2} {...form.register("description")} />
      <ValidationsInputs type={d.type} />
      <p className="hint">Changed validations apply to later changes; values already stored stay.</p>
      <FilterableField owner={d.owner} type={d.type} form={form as unknown as ApiFormState<Filterable>} />
    </FormDialog>
  );
}
