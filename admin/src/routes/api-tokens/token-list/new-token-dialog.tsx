// Creates a token: name, scopes picked by permission name, optional expiry. The raw value is shown once.
import { useEditForm } from "../../../components/common/edit-form";
import { TextField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { PermissionPicker } from "../../../components/common/permission-picker";
import { SecretShownOnce } from "../../../components/common/secret-value";
import { useCreateToken } from "../../../hooks/api/tokens";

export function NewTokenDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateToken();
  const edit = useEditForm({ name: "", scopes: [] as string[], expires: "" });
  const { name, scopes, expires } = edit.form;
  const submit = () =>
    create.mutate(
      {
        name,
        scopes: scopes as never,
        ...(expires ? { expires_at: new Date(`${expires}T23:59:59.999Z`).toISOString() } : {}),
      },
      { onSuccess: () => edit.saved() },
    );
  return (
    <FormDialog
      title="New token"
      form={edit}
      onClose={onClose}
      onSubmit={submit}
      submit="Create token"
      pending={create.isPending}
      error={create.error}
      done={
        create.data && (
          <SecretShownOnce label="New token value" value={create.data.token} note={`Token “${create.data.name}” was created.`} onDone={onClose} />
        )
      }
    >
      <TextField label="Token name" required value={name} onChange={edit.set("name")} path="name" error={create.error} />
      <PermissionPicker legend="Scopes" selected={scopes} onChange={(s) => edit.setValue("scopes", s)} error={create.error} path="scopes" />
      <TextField label="Expires" type="date" value={expires} onChange={edit.set("expires")} path="expires_at" error={create.error} hint="Optional: the token stops working after this day (UTC)." />
    </FormDialog>
  );
}
