// Endpoint settings: URL, active, a new signing secret, the API version its deliveries are sent in (their
// Api-Version header and body shape; docs/api-versions.md) (an edit form: only what changed is sent, unsaved edits
// are guarded, "Saved" says so), the operations, deletion.
import { useNavigate } from "react-router";
import { ApiVersionSelect } from "../../../../components/common/api-version-select";
import { ConfirmButton } from "../../../../components/common/confirm-button";
import { CheckboxField, TextField } from "../../../../components/common/field";
import { ApiForm, useApiForm } from "../../../../components/forms";
import { ErrorMessage } from "../../../../components/common/query-state";
import { SaveActions } from "../../../../components/common/save-status";
import type { components } from "../../../../lib/api-schema";
import { useDeleteWebhook, useUpdateWebhook, type Webhook } from "../../../../hooks/api/webhooks";
import { SecretField } from "../../components/secret-field";
import { Operations } from "./operations";

type Version = NonNullable<components["schemas"]["UpdateWebhookRequest"]["api_version"]>;

const fromWebhook = (w: Webhook) => ({ url: w.url, active: w.active, secret: "", api_version: w.api_version as Version });

export function SettingsTab({ webhook }: { webhook: Webhook }) {
  const remove = useDeleteWebhook(webhook.id);
  const navigate = useNavigate();
  const form = useApiForm({
    defaultValues: fromWebhook(webhook),
    mutation: useUpdateWebhook(webhook.id),
    // Only what changed; an empty secret keeps the current one.
    request: (_, { secret, ...changed }) => ({ ...changed, ...(secret ? { secret } : {}) }),
    onSaved: (w) => form.saved(fromWebhook(w)),
  });
  return (
    <>
      <ApiForm form={form} className="card">
        <TextField label="Endpoint URL" type="url" required {...form.register("url")} />
        <CheckboxField label="Active" {...form.register("active")} />
        <SecretField label="Signing secret" hint="Leave empty to keep the current secret (it is never shown)." />
        <ApiVersionSelect
          current={webhook.api_version}
          {...form.register("api_version")}
          hint="Deliveries carry it as their Api-Version header, and their bodies are shaped by it."
        />
        <SaveActions state={form.status} stale={form.dirty} />
      </ApiForm>
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
