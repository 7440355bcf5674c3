// "Add field" (name, key, type, description, validations for the type, "Filterable") and "Edit field <name>" (the
// same but key and type, shown read-only: the API never changes them). Dialog forms, guarded like every form,
// rendered while open. The key follows the name until it is typed into.
import { useState } from "react";
import { useEditForm } from "../../../components/common/edit-form";
import { CheckboxField, SelectField, TextArea, TextField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { useCreateFieldDefinition, useUpdateFieldDefinition } from "../../../hooks/api/field-definitions";
import { FIELD_TYPES, type FieldDefinition, type FieldOwner, type FieldType, OWNERS, canBeFilterable, typeLabel } from "../../../lib/field-types";
import { displayTimeZone } from "../../../lib/format";
import { ApiProblem } from "../../../lib/problem";
import { toValidations, ValidationsInputs, validationsForm } from "./validations-inputs";

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

function FilterableField(props: { owner: FieldOwner; type: FieldType; checked: boolean; onChange: (checked: boolean) => void; error: unknown }) {
  if (props.owner !== "product" && props.owner !== "variant") return null;
  const allowed = canBeFilterable(props.owner, props.type);
  return (
    <CheckboxField
      label="Filterable"
      checked={allowed && props.checked}
      disabled={!allowed}
      onChange={props.onChange}
      path="filterable"
      error={props.error}
      hint={allowed ? "The products list filters by it (“More filters”); at most 20 per owner." : "Lists and JSON cannot be filtered by."}
    />
  );
}

export function AddFieldDialog(props: { owner: FieldOwner; onClose: () => void; onSaved: (name: string) => void }) {
  const create = useCreateFieldDefinition();
  const zone = displayTimeZone();
  const edit = useEditForm({ name: "", key: "", type: "text" as FieldType, description: "", filterable: false, validations: validationsForm("text", {}, zone) });
  const [localError, setLocalError] = useState<ApiProblem | null>(null);
  const { form } = edit;
  const key = form.key || suggestKey(form.name);
  const error = localError ?? create.error;
  const submit = () => {
    const validations = toValidations(form.type, form.validations, zone);
    if (validations instanceof ApiProblem) return setLocalError(validations);
    setLocalError(null);
    create.mutate(
      {
        owner: props.owner,
        key,
        name: form.name.trim(),
        type: form.type,
        description: form.description.trim() || undefined,
        validations,
        filterable: canBeFilterable(props.owner, form.type) && form.filterable,
      },
      { onSuccess: (d) => (edit.saved(), props.onSaved(d.name), props.onClose()) },
    );
  };
  return (
    <FormDialog title="Add field" form={edit} onClose={props.onClose} onSubmit={submit} submit="Add field" pending={create.isPending} error={error}>
      <p className="hint">A field of every {ownerNoun(props.owner)}, shown in its form after the built-in ones.</p>
      <div className="form-grid">
        <TextField label="Field name" required maxLength={255} value={form.name} onChange={edit.set("name")} path="name" error={error} placeholder="Material" />
        <TextField label="Key" required maxLength={64} value={key} onChange={edit.set("key")} path="key" error={error} hint={KEY_HINT} spellCheck={false} />
      </div>
      <SelectField label="Type" value={form.type} onChange={(t) => edit.setValue("type", t as FieldType)} options={TYPE_OPTIONS} path="type" error={error}
        hint="It never changes: for another type, make a new field." />
      <TextArea label="Description" rows={2} value={form.description} onChange={edit.set("description")} path="description" error={error}
        hint="Shown under the field in the forms" />
      <ValidationsInputs type={form.type} form={form.validations} onChange={(v) => edit.setValue("validations", v)} error={error} />
      <FilterableField owner={props.owner} type={form.type} checked={form.filterable} onChange={(f) => edit.setValue("filterable", f)} error={error} />
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
  const update = useUpdateFieldDefinition();
  const zone = displayTimeZone();
  const edit = useEditForm(fromDefinition(d, zone));
  const [localError, setLocalError] = useState<ApiProblem | null>(null);
  const { form } = edit;
  const error = localError ?? update.error;
  const submit = () => {
    const changes = edit.changes();
    if (Object.keys(changes).length === 0) return props.onClose();
    const validations = changes.validations ? toValidations(d.type, form.validations, zone) : undefined;
    if (validations instanceof ApiProblem) return setLocalError(validations);
    setLocalError(null);
    update.mutate(
      {
        id: d.id,
        ...(changes.name !== undefined ? { name: form.name.trim() } : {}),
        ...(changes.description !== undefined ? { description: form.description.trim() || null } : {}),
        ...(changes.filterable !== undefined ? { filterable: form.filterable } : {}),
        // The whole set replaces the stored one ({} removes them all).
        ...(validations ? { validations } : {}),
      },
      { onSuccess: (saved) => (edit.saved(), props.onSaved(saved.name), props.onClose()) },
    );
  };
  return (
    <FormDialog title={`Edit field ${d.name}`} form={edit} onClose={props.onClose} onSubmit={submit} submit="Save field" pending={update.isPending} error={error}>
      <div className="form-grid">
        <TextField label="Field name" required maxLength={255} value={form.name} onChange={edit.set("name")} path="name" error={error} />
        <TextField label="Key" readOnly value={d.key} hint="Keys never change." />
      </div>
      <TextField label="Type" readOnly value={typeLabel(d.type)} hint="Types never change: for another type, make a new field." />
      <TextArea label="Description" rows={2} value={form.description} onChange={edit.set("description")} path="description" error={error} />
      <ValidationsInputs type={d.type} form={form.validations} onChange={(v) => edit.setValue("validations", v)} error={error} />
      <p className="hint">Changed validations apply to later changes; values already stored stay.</p>
      <FilterableField owner={d.owner} type={d.type} checked={form.filterable} onChange={(f) => edit.setValue("filterable", f)} error={error} />
    </FormDialog>
  );
}
