// Rotates an integration's key: a new value at once, and how long the current one keeps working (so the system
// using it can switch without downtime). The new key is handed back to the list, which shows it once.
import { useState, type FormEvent } from "react";
import { Dialog, FormActions } from "../../../components/common/dialog";
import { ErrorMessage } from "../../../components/common/query-state";
import { type Integration, useRotateIntegration } from "../../../hooks/api/integrations";

/** The overlap choices, in seconds (the API takes 0..604800). */
const OVERLAPS = [
  ["No time", 0],
  ["1 hour", 3600],
  ["24 hours", 86_400],
  ["7 days", 604_800],
] as const;

export function RotateIntegrationDialog(props: { integration: Integration | null; onClose: () => void; onRotated: (key: string) => void }) {
  const rotate = useRotateIntegration();
  const [overlap, setOverlap] = useState(0);
  const close = () => {
    setOverlap(0);
    rotate.reset();
    props.onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.integration) return;
    rotate.mutate({ id: props.integration.id, previousExpiresIn: overlap }, { onSuccess: (rotated) => (props.onRotated(rotated.token), close()) });
  };
  return (
    <Dialog title={`Rotate “${props.integration?.name ?? ""}”`} open={props.integration !== null} onClose={close}>
      <form onSubmit={submit}>
        <p>A new key works at once. Only one previous key is kept: rotating again ends it at once.</p>
        <div className="field">
          <label htmlFor="rotate-overlap">Keep the previous key working for</label>
          <select id="rotate-overlap" value={overlap} onChange={(e) => setOverlap(Number(e.target.value))}>
            {OVERLAPS.map(([label, seconds]) => (
              <option key={seconds} value={seconds}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <ErrorMessage error={rotate.error} />
        <FormActions submit="Rotate" pending={rotate.isPending} onCancel={close} />
      </form>
    </Dialog>
  );
}
