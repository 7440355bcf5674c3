// Creates a token: name, scopes picked by permission name, optional expiry. The raw value is shown once.
import { useState } from "react";
import { FormDialog } from "../../../components/common/dialog";
import { TextField } from "../../../components/common/field";
import { PermissionPicker } from "../../../components/common/permission-picker";
import { SecretShownOnce } from "../../../components/common/secret-value";
import { useCreateToken } from "../../../hooks/api/tokens";

export function NewTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateToken();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<string[]>([]);
  const [expires, setExpires] = useState("");
  const close = () => {
    setName("");
    setScopes([]);
    setExpires("");
    create.reset();
    onClose();
  };
  const submit = () =>
    create.mutate({
      name,
      scopes: scopes as never,
      ...(expires ? { expires_at: new Date(`${expires}T23:59:59.999Z`).toISOString() } : {}),
    });
  return (
    <FormDialog
      title="New token"
      open={open}
      onClose={close}
      onSubmit={submit}
      submit="Create token"
      pending={create.isPending}
      error={create.error}
      done={
        create.data && (
          <SecretShownOnce label="New token value" value={create.data.token} note={`Token “${create.data.name}” was created.`} onDone={close} />
        )
      }
    >
      <TextField label="Token name" required value={name} onChange={(e) => setName(e.target.value)} path="name" error={create.error} />
      <PermissionPicker legend="Scopes" selected={scopes} onChange={setScopes} error={create.error} path="scopes" />
      <TextField label="Expires" type="date" value={expires} onChange={(e) => setExpires(e.target.value)} path="expires_at" error={create.error} hint="Optional: the token stops working after this day (UTC)." />
    </FormDialog>
  );
}
