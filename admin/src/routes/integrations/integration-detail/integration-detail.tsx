// One integration (/integrations/:id): its key's prefix, permissions, last use and rotation, and a form for what the
// API lets change (PATCH /stores/{store_id}/integrations/{id}, integrations.manage): its name, description and the API
// version its requests are served in when they send no Api-Version header (the combobox "API version";
// docs/api-versions.md). "Save" sends what changed; the form is guarded like every form.
import { useParams } from "react-router";
import { ApiVersionSelect } from "../../../components/common/api-version-select";
import { TextArea, TextField } from "../../../components/common/field";
import { PageHeader } from "../../../components/common/page-header";
import { QueryState } from "../../../components/common/query-state";
import { SaveActions } from "../../../components/common/save-status";
import { ApiForm, useApiForm } from "../../../components/forms";
import { type Integration, useIntegration, useUpdateIntegration } from "../../../hooks/api/integrations";
import type { components } from "../../../lib/api-schema";
import { formatDate, useDisplay } from "../../../lib/format";

type Body = components["schemas"]["UpdateIntegrationRequest"];
type Values = { name: string; description: string; api_version: NonNullable<Body["api_version"]> };

const fromIntegration = (i: Integration): Values => ({
  name: i.name,
  description: i.description ?? "",
  api_version: i.api_version as Values["api_version"],
});

function IntegrationForm({ integration }: { integration: Integration }) {
  const form = useApiForm({
    defaultValues: fromIntegration(integration),
    mutation: useUpdateIntegration(integration.id),
    // Only what changed; an emptied description is removed (null).
    request: (_, changed): Body => ({
      ...(changed.name !== undefined ? { name: changed.name.trim() } : {}),
      ...(changed.description !== undefined ? { description: changed.description.trim() || null } : {}),
      ...(changed.api_version !== undefined ? { api_version: changed.api_version } : {}),
    }),
    onSaved: (saved) => form.saved(fromIntegration(saved)),
  });
  return (
    <ApiForm form={form} className="card">
      <TextField label="Integration name" required {...form.register("name")} />
      <TextArea label="Description" rows={2} {...form.register("description")} />
      <ApiVersionSelect
        current={integration.api_version}
        {...form.register("api_version")}
        hint="Its requests without an Api-Version header are served in this version; the API's answers say which in theirs."
      />
      <SaveActions state={form.status} stale={form.dirty} />
    </ApiForm>
  );
}

export default function IntegrationDetail() {
  useDisplay();
  const { id = "" } = useParams();
  const integration = useIntegration(id);
  return (
    <QueryState query={integration}>
      {(i) => (
        <section>
          <PageHeader title={i.name} back={{ to: "/integrations", label: "Integrations" }} />
          <dl className="card facts">
            <dt>Key</dt>
            <dd>
              <code>{i.prefix}…</code>
            </dd>
            <dt>Permissions</dt>
            <dd>{i.scope_names.join(", ") || "none"}</dd>
            <dt>Created</dt>
            <dd>{formatDate(i.created_at)}</dd>
            <dt>Last used</dt>
            <dd>{formatDate(i.last_used_at)}</dd>
            <dt>Rotation</dt>
            <dd>
              {i.rotation_recommended
                ? `Rotation recommended: ${i.rotation_recommended_reason}`
                : i.rotated_at
                  ? `Rotated ${formatDate(i.rotated_at)}`
                  : "Never rotated"}
            </dd>
            <dt>API version</dt>
            <dd>{i.api_version}</dd>
          </dl>
          <IntegrationForm key={i.id} integration={i} />
        </section>
      )}
    </QueryState>
  );
}
