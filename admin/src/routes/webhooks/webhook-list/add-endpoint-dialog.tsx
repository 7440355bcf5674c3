// Registers an endpoint: URL, the events it receives (one subscription each), and its signing secret.
import { useState } from "react";
import { FormDialog } from "../../../components/common/dialog";
import { TextField } from "../../../components/common/field";
import { Loading } from "../../../components/common/query-state";
import { useWebhookEvents } from "../../../hooks/api/permissions";
import { useCreateWebhook } from "../../../hooks/api/webhooks";
import { fieldError } from "../../../lib/problem";
import { SecretField } from "../components/secret-field";

export function AddEndpointDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const events = useWebhookEvents();
  const create = useCreateWebhook();
  const [url, setUrl] = useState("");
  const [selected, setSelected] = useState<string[]>([]);
  const [secret, setSecret] = useState("");
  const submit = () =>
    create.mutate(
      { url, events: selected as never, secret },
      { onSuccess: () => (setUrl(""), setSelected([]), setSecret(""), onClose()) },
    );
  return (
    <FormDialog
      title="Add endpoint"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      submit="Add endpoint"
      pending={create.isPending}
      error={create.error}
    >
      <TextField label="Endpoint URL" type="url" required value={url} onChange={(e) => setUrl(e.target.value)} path="url" error={create.error} />
      <fieldset>
        <legend>Events</legend>
        {!events.data ? (
          <Loading label="Loading events…" />
        ) : (
          events.data.data.map((e) => (
            <label key={e.name} title={e.description}>
              <input
                type="checkbox"
                checked={selected.includes(e.name)}
                onChange={(ev) => setSelected(ev.target.checked ? [...selected, e.name] : selected.filter((n) => n !== e.name))}
              />
              {e.name}
            </label>
          ))
        )}
        {fieldError(create.error, "events") && <small className="field-error">{fieldError(create.error, "events")}</small>}
      </fieldset>
      <SecretField
        label="Signing secret"
        required
        minLength={16}
        value={secret}
        onChange={setSecret}
        error={create.error}
        hint="16 to 256 characters; receivers verify X-Webhook-Signature with it."
      />
    </FormDialog>
  );
}
