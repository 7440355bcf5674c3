// Creates an integration: a name and the permissions its key gets (never the ones that manage people or access).
// The raw key is shown once.
import { useState, type FormEvent } from "react";
import { Dialog, FormActions } from "../../../components/common/dialog";
import { TextField } from "../../../components/common/field";
import { PermissionPicker } from "../../../components/common/permission-picker";
import { ErrorMessage } from "../../../components/common/query-state";
import { NEVER_IN_SCOPE, useCreateIntegration } from "../../../hooks/api/integrations";
import { SecretShownOnce } from "../../api-tokens/token-list/new-token-dialog";

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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name, scopes: scopes as never });
  };
  return (
    <Dialog title="New integration" open={open} onClose={close}>
      {create.data ? (
        <SecretShownOnce
          label="New integration key"
          value={create.data.token}
          note={`Integration “${create.data.name}” was created. Its key belongs to the store and keeps working when people leave.`}
          onDone={close}
        />
      ) : (
        <form onSubmit={submit}>
          <TextField label="Integration name" required value={name} onChange={(e) => setName(e.target.value)} path="name" error={create.error} />
          <PermissionPicker legend="Permissions" selected={scopes} onChange={setScopes} error={create.error} path="scopes" omit={NEVER_IN_SCOPE} />
          <ErrorMessage error={create.error} />
          <FormActions submit="Create integration" pending={create.isPending} onCancel={close} />
        </form>
      )}
    </Dialog>
  );
}
