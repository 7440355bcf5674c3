// Endpoint settings: URL, active, a new signing secret (an edit form: only what changed is sent, unsaved edits are
// guarded, "Saved" says so), the operations, deletion.
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { ConfirmButton } from "../../../../components/common/confirm-button";
import { useEditForm } from "../../../../components/common/edit-form";
import { TextField } from "../../../../components/common/field";
import { ErrorMessage } from "../../../../components/common/query-state";
import { SaveActions } from "../../../../components/common/save-status";
import { useDeleteWebhook, useUpdateWebhook, type Webhook } from "../../../../hooks/api/webhooks";
import { SecretField } from "../../components/secret-field";
import { Operations } from "./operations";

const fromWebhook = (w: Webhook) => ({ url: w.url, active: w.active, secret: "" });

export function SettingsTab({ webhook }: { webhook: Webhook }) {
  const update = useUpdateWebhook(webhook.id);
  const remove = useDeleteWebhook(webhook.id);
  const navigate = useNavigate();
  const edit = useEditForm(fromWebhook(webhook));
  const { url, active, secret } = edit.form;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only what changed; an empty secret keeps the current one.
    const { secret: newSecret, ...changes } = edit.changes();
    update.mutate({ ...changes, ...(newSecret ? { secret: newSecret } : {}) }, { onSuccess: (w) => edit.saved(fromWebhook(w)) });
  };
  return (
    <>
      <form onSubmit={submit} className="card">
        <TextField label="Endpoint URL" type="url" required value={url} onChange={edit.set("url")} path="url" error={update.error} />
        <label>
          <input type="checkbox" checked={active} onChange={(e) => edit.setValue("active", e.target.checked)} />
          Active
        </label>
        <SecretField
          label="Signing secret"
          value={secret}
          onChange={(v) => edit.setValue("secret", v)}
          error={update.error}
          hint="Leave empty to keep the current secret (it is never shown)."
        />
        <SaveActions state={update} stale={edit.dirty} />
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
