// Creates an integration: a name and the permissions its key gets (never the ones that manage people or access).
// The raw key is shown once.
import { useEditForm } from "../../../components/common/edit-form";
import { TextField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { PermissionPicker } from "../../../components/common/permission-picker";
import { SecretShownOnce } from "../../../components/common/secret-value";
import { NEVER_IN_SCOPE, useCreateIntegration } from "../../../hooks/api/integrations";

export function NewIntegrationDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateIntegration();
  const edit = useEditForm({ name: "", scopes: [] as string[] });
  const { name, scopes } = edit.form;
  const created = create.data;
  return (
    <FormDialog
      title="New integration"
      form={edit}
      onClose={onClose}
      onSubmit={() => create.mutate({ name, scopes: scopes as never }, { onSuccess: () => edit.saved() })}
      submit="Create integration"
      pending={create.isPending}
      error={create.error}
      done={
        created && (
          <SecretShownOnce
            label="New integration key"
            value={created.token}
            note={`Integration “${created.name}” was created. Its key belongs to the store and keeps working when people leave.`}
            onDone={onClose}
          />
        )
      }
    >
      <TextField label="Integration name" required value={name} onChange={edit.set("name")} path="name" error={create.error} />
      <PermissionPicker legend="Permissions" selected={scopes} onChange={(s) => edit.setValue("scopes", s)} error={create.error} path="scopes" omit={NEVER_IN_SCOPE} />
    </FormDialog>
  );
}
