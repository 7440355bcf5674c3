// Creates an integration: a name and the permissions its key gets (never the ones that manage people or access).
// The raw key is shown once.
import { useState } from "react";
import { FormDialog } from "../../../components/common/dialog";
import { TextField } from "../../../components/common/field";
import { PermissionPicker } from "../../../components/common/permission-picker";
import { SecretShownOnce } from "../../../components/common/secret-value";
import { NEVER_IN_SCOPE, useCreateIntegration } from "../../../hooks/api/integrations";

export function NewIntegrationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateIntegration();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<string[]>([]);
  const close = () => {
    setName("");
    setScopes([]);
    create.reset();
    onClose();
  };
  const created = create.data;
  return (
    <FormDialog
      title="New integration"
      open={open}
      onClose={close}
      onSubmit={() => create.mutate({ name, scopes: scopes as never })}
      submit="Create integration"
      pending={create.isPending}
      error={create.error}
      done={
        created && (
          <SecretShownOnce
            label="New integration key"
            value={created.token}
            note={`Integration “${created.name}” was created. Its key belongs to the store and keeps working when people leave.`}
            onDone={close}
          />
        )
      }
    >
      <TextField label="Integration name" required value={name} onChange={(e) => setName(e.target.value)} path="name" error={create.error} />
      <PermissionPicker legend="Permissions" selected={scopes} onChange={setScopes} error={create.error} path="scopes" omit={NEVER_IN_SCOPE} />
    </FormDialog>
  );
}
