// A collection's custom fields (API.md section 21) on its page: the one form there (the title and rules have none
// yet), guarded like every form; "Save" PATCHes what changed. Nothing shows while the store defines none.
import { useState, type FormEvent } from "react";
import { useEditForm } from "../../../components/common/edit-form";
import { SaveActions } from "../../../components/common/save-status";
import { CustomFields, useCustomFields } from "../../../components/custom-fields/custom-fields";
import { type Collection, useUpdateCollection } from "../../../hooks/api/collections";
import { fieldsState } from "../../../lib/field-values";
import { ApiProblem } from "../../../lib/problem";

export function CollectionFields({ collection }: { collection: Collection }) {
  const custom = useCustomFields("collection");
  const update = useUpdateCollection(collection.id);
  const edit = useEditForm({ fields: fieldsState(collection.fields) });
  const [localError, setLocalError] = useState<ApiProblem | null>(null);
  if (custom.definitions.length === 0) return null;
  const error = localError ?? update.error;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = custom.body(edit.form.fields, "update");
    if (fields instanceof ApiProblem) return setLocalError(fields);
    setLocalError(null);
    update.mutate(fields, { onSuccess: (c) => edit.saved({ fields: fieldsState(c.fields) }) });
  };
  return (
    <section className="card" aria-labelledby="collection-fields-heading">
      <h2 id="collection-fields-heading">Custom fields</h2>
      <form onSubmit={submit}>
        <CustomFields bare custom={custom} state={edit.form.fields} onChange={(f) => edit.setValue("fields", f)} error={error} />
        <SaveActions state={localError ? { ...update, isError: true, error: localError } : update} stale={edit.dirty} />
      </form>
    </section>
  );
}
