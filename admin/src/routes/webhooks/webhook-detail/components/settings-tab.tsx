// Endpoint settings: URL, active, a new signing secret, deletion.
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { ConfirmButton } from "../../../../components/common/confirm-button";
import { TextField } from "../../../../components/common/field";
import { ErrorMessage } from "../../../../components/common/query-state";
import { useDeleteWebhook, useUpdateWebhook, type Webhook } from "../../../../hooks/api/webhooks";
import { SecretField } from "../../components/secret-field";
import { Operations } from "./operations";

export function SettingsTab({ webhook }: { webhook: Webhook }) {
  const update = useUpdateWebhook(webhook.id);
  const remove = useDeleteWebhook(webhook.id);
  const navigate = useNavigate();
  const [url, setUrl] = useState(webhook.url);
  const [active, setActive] = useState(webhook.active);
  const [secret, setSecret] = useState("");
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    update.mutate(
      { ...(url !== webhook.url ? { url } : {}), ...(active !== webhook.active ? { active } : {}), ...(secret ? { secret } : {}) },
      { onSuccess: () => (setSecret(""), setSaved(true)) },
    );
  };
  return (
    <>
      <form onSubmit={submit} className="card">
        <TextField label="Endpoint URL" type="url" required value={url} onChange={(e) => setUrl(e.target.value)} path="url" error={update.error} />
        <label>
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
          Active
        </label>
        <SecretField
          label="Signing secret"
          value={secret}
          onChange={setSecret}
          error={update.error}
          hint="Leave empty to keep the current secret (it is never shown)."
        />
        <ErrorMessage error={update.error} />
        <div className="actions">
          <button type="submit" className="primary" disabled={update.isPending}>
            Save
          </button>
          {saved && <span role="status">Saved</span>}
        </div>
      </form>
      <Operations webhook={webhook} />
      <ConfirmButton
        action="Delete"
        title="Delete this endpoint?"
        message="No more events are delivered to it; past deliveries go with it."
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate("/webhooks") })}
      >
        Delete endpoint
      </ConfirmButton>
      <ErrorMessage error={remove.error} />
    </>
  );
}
