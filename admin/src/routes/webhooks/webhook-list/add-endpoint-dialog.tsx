// Registers an endpoint: URL, the events it receives (one subscription each), and its signing secret.
import { useId } from "react";
import { useController } from "react-hook-form";
import { TextField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { Loading } from "../../../components/common/query-state";
import { type ApiFormState, FieldError, useApiForm, useFieldError } from "../../../components/forms";
import { useWebhookEvents } from "../../../hooks/api/permissions";
import { useCreateWebhook } from "../../../hooks/api/webhooks";
import type { components } from "../../../lib/api-schema";
import { SecretField } from "../components/secret-field";

type Body = components["schemas"]["CreateWebhookRequest"];

/** A checkbox per event the API sends (the form's `events`), its error under the group. */
function EventsField({ form }: { form: ApiFormState<Body> }) {
  const events = useWebhookEvents();
  const { field } = useController({ control: form.control, name: "events" });
  const id = useId();
  const message = useFieldError("events");
  const selected = field.value;
  return (
    <fieldset aria-describedby={message ? `${id}-error` : undefined}>
      <legend>Events</legend>
      {!events.data ? (
        <Loading label="Loading events…" />
      ) : (
        events.data.data.map((e) => (
          <label key={e.name} title={e.description}>
            <input
              type="checkbox"
              checked={selected.includes(e.name as Body["events"][number])}
              onChange={(ev) => field.onChange(ev.target.checked ? [...selected, e.name] : selected.filter((n) => n !== e.name))}
            />
            {e.name}
          </label>
        ))
      )}
      <FieldError name="events" id={`${id}-error`} />
    </fieldset>
  );
}

export function AddEndpointDialog({ onClose }: { onClose: () => void }) {
  const form = useApiForm({
    defaultValues: { url: "", events: [], secret: "" } as Body,
    mutation: useCreateWebhook(),
    onSaved: onClose,
  });
  return (
    <FormDialog title="Add endpoint" form={form} onClose={onClose} submit="Add endpoint">
      <TextField label="Endpoint URL" type="url" required {...form.register("url")} />
      <EventsField form={form} />
      <SecretField label="Signing secret" required minLength={16} hint="16 to 256 characters; receivers verify X-Webhook-Signature with it." />
    </FormDialog>
  );
}
