// Creates an integration: a name and the permissions its key gets (never the ones that manage people or access).
// The raw key is shown once.
import { TextField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { PermissionPicker } from "../../../components/common/permission-picker";
import { SecretShownOnce } from "../../../components/common/secret-value";
import { useApiForm } from "../../../components/forms";
import { NEVER_IN_SCOPE, useCreateIntegration } from "../../../hooks/api/integrations";
import type { components } from "../../../lib/api-schema";

type Scope = Exclude<components["schemas"]["CreateIntegrationRequest"]["scopes"], string>[number];

export function NewIntegrationDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateIntegration();
  const form = useApiForm({ defaultValues: { name: "", scopes: [] as Scope[] }, mutation: create });
  const created = create.data;
  return (
    <FormDialog
      title="New integration"
      form={form}
      onClose={onClose}
      submit="Create integration"
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
      <TextField label="Integration name" required {...form.register("name")} />
      <PermissionPicker legend="Permissions" name="scopes" omit={NEVER_IN_SCOPE} />
    </FormDialog>
  );
}
