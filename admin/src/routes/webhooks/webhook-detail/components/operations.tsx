// The endpoint's operations (docs/webhooks.md "Operating an endpoint"): why it is disabled with "Enable", "Send
// test event", "Recover failed deliveries" since a date and time, and "Rotate secret" with the overlap (a secret
// typed but not rotated in yet, or a changed overlap, is guarded like any unsaved edit).
import { TextField } from "../../../../components/common/field";
import { OverlapSelect } from "../../../../components/common/overlap-select";
import { ErrorMessage } from "../../../../components/common/query-state";
import { ApiForm, FormError, useApiForm } from "../../../../components/forms";
import { useUpdateWebhook, useWebhookOperations, type Webhook } from "../../../../hooks/api/webhooks";
import { SecretField } from "../../components/secret-field";

const DISABLED_BECAUSE = {
  gone: "Disabled because the endpoint answered 410 Gone: its owner said it is gone for good.",
  failing: "Disabled because every delivery to it failed for 5 days.",
} as const;

/** Now minus an hour, as a datetime-local value in the browser's time zone. */
function anHourAgo() {
  const d = new Date(Date.now() - 3_600_000);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

export function DisabledNotice({ webhook }: { webhook: Webhook }) {
  const update = useUpdateWebhook(webhook.id);
  if (webhook.active || !webhook.disabled_reason) return null;
  return (
    <div className="card" role="note">
      <p>
        {DISABLED_BECAUSE[webhook.disabled_reason]} {webhook.disabled_at && `(${new Date(webhook.disabled_at).toLocaleString()})`}
      </p>
      <button type="button" className="primary" disabled={update.isPending} onClick={() => update.mutate({ active: true })}>
        Enable
      </button>
      <ErrorMessage error={update.error} />
    </div>
  );
}

export function Operations({ webhook }: { webhook: Webhook }) {
  const { sendTest, recover, rotate } = useWebhookOperations(webhook.id);
  // Parameters of an action that saves nothing: not guarded.
  const recovering = useApiForm({
    defaultValues: { since: anHourAgo() },
    mutation: recover,
    request: ({ since }) => new Date(since).toISOString(),
    guard: false,
  });
  // A typed (or generated) secret not yet rotated in is an unsaved edit: leaving asks first.
  const rotating = useApiForm({
    defaultValues: { secret: "", previous_expires_in: 86_400 },
    mutation: rotate,
    onSaved: (_, sent) => rotating.saved({ ...sent, secret: "" }),
  });
  return (
    <>
      <div className="card">
        <button type="button" disabled={sendTest.isPending} onClick={() => sendTest.mutate()}>
          Send test event
        </button>
        {sendTest.isSuccess && <span role="status">Test event queued: see Deliveries.</span>}
        <ErrorMessage error={sendTest.error} />
      </div>
      <ApiForm form={recovering} className="card">
        <TextField label="Since" type="datetime-local" required {...recovering.register("since")} />
        <button type="submit" disabled={recover.isPending}>
          Recover failed deliveries
        </button>
        {recover.data && <span role="status">{recover.data.replayed} failed deliveries sent again.</span>}
        <FormError />
      </ApiForm>
      <ApiForm form={rotating} className="card">
        <SecretField label="New signing secret" required />
        <OverlapSelect label="Keep the previous secret valid for" {...rotating.register("previous_expires_in", { valueAsNumber: true })} />
        <button type="submit" disabled={rotate.isPending}>
          Rotate secret
        </button>
        {rotate.data && (
          <span role="status">
            {rotate.data.previous_secret_expires_at
              ? `Rotated. The previous secret also signs until ${new Date(rotate.data.previous_secret_expires_at).toLocaleString()}.`
              : "Rotated. Only the new secret signs from now on."}
          </span>
        )}
        <FormError />
      </ApiForm>
    </>
  );
}
