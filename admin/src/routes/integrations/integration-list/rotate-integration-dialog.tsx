// Rotates an integration's key: a new value at once, and how long the current one keeps working (so the system
// using it can switch without downtime). The new key is handed back to the list, which shows it once.
import { useEditForm } from "../../../components/common/edit-form";
import { FormDialog } from "../../../components/common/form-dialog";
import { OverlapSelect } from "../../../components/common/overlap-select";
import { type Integration, useRotateIntegration } from "../../../hooks/api/integrations";

export function RotateIntegrationDialog(props: { integration: Integration; onClose: () => void; onRotated: (key: string) => void }) {
  const rotate = useRotateIntegration();
  const edit = useEditForm({ overlap: 0 });
  const submit = () =>
    rotate.mutate(
      { id: props.integration.id, previousExpiresIn: edit.form.overlap },
      { onSuccess: (rotated) => (props.onRotated(rotated.token), props.onClose()) },
    );
  return (
    <FormDialog
      title={`Rotate “${props.integration.name}”`}
      form={edit}
      onClose={props.onClose}
      onSubmit={submit}
      submit="Rotate"
      pending={rotate.isPending}
      error={rotate.error}
    >
      <p>A new key works at once. Only one previous key is kept: rotating again ends it at once.</p>
      <OverlapSelect label="Keep the previous key working for" value={edit.form.overlap} onChange={(o) => edit.setValue("overlap", o)} />
    </FormDialog>
  );
}
