// A collection's custom fields (docs/api/21-custom-fields.md) on its page: the one form there (the title and rules have none
// yet), guarded like every form; "Save" PATCHes what changed. Nothing shows while the store defines none.
import { SaveActions } from "../../../components/common/save-status";
import { CustomFields, useCustomFields } from "../../../components/custom-fields/custom-fields";
import { ApiForm, useApiForm } from "../../../components/forms";
import { type Collection, useUpdateCollection } from "../../../hooks/api/collections";
import { fieldsState } from "../../../lib/field-values";

export function CollectionFields({ collection }: { collection: Collection }) {
  const custom = useCustomFields("collection");
  const form = useApiForm({
    defaultValues: { fields: fieldsState(collection.fields) },
    mutation: useUpdateCollection(collection.id),
    request: (values) => custom.body(values.fields, "update"),
    onSaved: (c) => form.saved({ fields: fieldsState(c.fields) }),
  });
  if (custom.definitions.length === 0) return null;
  return (
    <section className="card" aria-labelledby="collection-fields-heading">
      <h2 id="collection-fields-heading">Custom fields</h2>
      <ApiForm form={form}>
        <CustomFields bare custom={custom} />
        <SaveActions state={form.status} stale={form.dirty} />
      </ApiForm>
    </section>
  );
}
