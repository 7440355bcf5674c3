// Creates a token: name, scopes picked by permission name, optional expiry. The raw value is shown once.
import { TextField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { PermissionPicker } from "../../../components/common/permission-picker";
import { SecretShownOnce } from "../../../components/common/secret-value";
import { useApiForm } from "../../../components/forms";
import { useCreateToken } from "../../../hooks/api/tokens";
import type { components } from "../../../lib/api-schema";

type Body = components["schemas"]["CreateAccessTokenRequest"];
type Scope = Exclude<Body["scopes"], string>[number];

export function NewTokenDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateToken();
  // `expires_at` is typed as a day (UTC) and sent as its last instant.
  const form = useApiForm({
    defaultValues: { name: "", scopes: [] as Scope[], expires_at: "" },
    mutation: create,
    request: ({ name, scopes, expires_at }): Body => ({
      name,
      scopes,
      ...(expires_at ? { expires_at: new Date(`${expires_at}T23:59:59.999Z`).toISOString() } : {}),
    }),
  });
  return (
    <FormDialog
      title="New token"
      form={form}
      onClose={onClose}
      submit="Create token"
      done={
        create.data && <SecretShownOnce label="New token value" value={create.data.token} note={`Token “${create.data.name}” was created.`} onDone={onClose} />
      }
    >
      <TextField label="Token name" required {...form.register("name")} />
      <PermissionPicker legend="Scopes" name="scopes" />
      <TextField label="Expires" type="date" {...form.register("expires_at")} hint="Optional: the token stops working after this day (UTC)." />
    </FormDialog>
  );
}
