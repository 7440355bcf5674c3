// Rotates an integration's key: a new value at once, and how long the current one keeps working (so the system
// using it can switch without downtime). The new key is handed back to the list, which shows it once.
import { useState } from "react";
import { FormDialog } from "../../../components/common/dialog";
import { OverlapSelect } from "../../../components/common/overlap-select";
import { type Integration, useRotateIntegration } from "../../../hooks/api/integrations";

export function RotateIntegrationDialog(props: { integration: Integration | null; onClose: () => void; onRotated: (key: string) => void }) {
  const rotate = useRotateIntegration();
  const [overlap, setOverlap] = useState(0);
  const close = () => {
    setOverlap(0);
    rotate.reset();
    props.onClose();
  };
  const submit = () => {
    if (!props.integration) return;
    rotate.mutate({ id: props.integration.id, previousExpiresIn: overlap }, { onSuccess: (rotated) => (props.onRotated(rotated.token), close()) });
  };
  return (
    <FormDialog
      title={`Rotate “${props.integration?.name ?? ""}”`}
      open={props.integration !== null}
      onClose={close}
      onSubmit={submit}
      submit="Rotate"
      pending={rotate.isPending}
      error={rotate.error}
    >
      <p>A new key works at once. Only one previous key is kept: rotating again ends it at once.</p>
      <OverlapSelect label="Keep the previous key working for" value={overlap} onChange={setOverlap} />
    </FormDialog>
  );
}
