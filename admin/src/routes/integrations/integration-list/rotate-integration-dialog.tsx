// Rotates an integration's key: a new value at once, and how long the current one keeps working (so the system
// using it can switch without downtime). The new key is handed back to the list, which shows it once.
import { FormDialog } from "../../../components/common/form-dialog";
import { OverlapSelect } from "../../../components/common/overlap-select";
import { useApiForm } from "../../../components/forms";
import { type Integration, useRotateIntegration } from "../../../hooks/api/integrations";

export function RotateIntegrationDialog(props: { integration: Integration; onClose: () => void; onRotated: (key: string) => void }) {
  const form = useApiForm({
    defaultValues: { previous_expires_in: 0 },
    mutation: useRotateIntegration(),
    request: (values) => ({ id: props.integration.id, previousExpiresIn: values.previous_expires_in }),
    onSaved: (rotated) => (props.onRotated(rotated.token), props.onClose()),
  });
  return (
    <FormDialog title={`Rotate “${props.integration.name}”`} form={form} onClose={props.onClose} submit="Rotate">
      <p>A new key works at once. Only one previous key is kept: rotating again ends it at once.</p>
      <OverlapSelect label="Keep the previous key working for" {...form.register("previous_expires_in", { valueAsNumber: true })} />
    </FormDialog>
  );
}
