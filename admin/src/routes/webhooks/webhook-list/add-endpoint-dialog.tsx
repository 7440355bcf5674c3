// Registers an endpoint: URL, the events it receives (one subscription each), and its signing secret.
import { useEditForm } from "../../../components/common/edit-form";
import { TextField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { Loading } from "../../../components/common/query-state";
import { useWebhookEvents } from "../../../hooks/api/permissions";
import { useCreateWebhook } from "../../../hooks/api/webhooks";
import { fieldError } from "../../../lib/problem";
import { SecretField } from "../components/secret-field";

export function AddEndpointDialog({ onClose }: { onClose: () => void }) {
  const events = useWebhookEvents();
  const create = useCreateWebhook();
  const edit = useEditForm({ url: "", events: [] as string[], secret: "" });
  const { url, events: selected, secret } = edit.form;
  const submit = () => create.mutate({ url, events: selected as never, secret }, { onSuccess: onClose });
  return (
    <FormDialog
      title="Add endpoint"
      form={edit}
      onClose={onClose}
      onSubmit={submit}
      submit="Add endpoint"
      pending={create.isPending}
      error={create.error}
    >
      <TextField label="Endpoint URL" type="url" required value={url} onChange={edit.set("url")} path="url" error={create.error} />
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
                onChange={(ev) => edit.setValue("events", ev.target.checked ? [...selected, e.name] : selected.filter((n) => n !== e.name))}
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
        onChange={(v) => edit.setValue("secret", v)}
        error={create.error}
        hint="16 to 256 characters; receivers verify X-Webhook-Signature with it."
      />
    </FormDialog>
  );
}
