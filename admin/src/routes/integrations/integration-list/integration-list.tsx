// Integrations: keys that belong to the store (an ERP, a marketplace feed) and keep working when people leave.
// Each row: name (a link to the integration's page, where its API version changes), key prefix, permissions, the API
// version it is served in, last use, and why a rotation is recommended (someone who received a working key left the
// store), a page at a time (the page in the URL); create (key shown once, with Copy), rotate with an overlap, revoke
// (confirmed).
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmButton } from "../../../components/common/confirm-button";
import { ACTIONS_COLUMN, DataTable } from "../../../components/common/data-table";
import { useListParams } from "../../../components/common/list-params";
import { PageHeader } from "../../../components/common/page-header";
import { SecretValue } from "../../../components/common/secret-value";
import { type Integration, useIntegrations, useRevokeIntegration } from "../../../hooks/api/integrations";
import { formatDate } from "../../../lib/format";
import { NewIntegrationDialog } from "./new-integration-dialog";
import { RotateIntegrationDialog } from "./rotate-integration-dialog";

function Rotation({ integration: i }: { integration: Integration }) {
  if (i.rotation_recommended) return <span className="warning">Rotation recommended: {i.rotation_recommended_reason}</span>;
  return <>{i.rotated_at ? `Rotated ${formatDate(i.rotated_at)}` : "Never rotated"}</>;
}

export default function IntegrationList() {
  const list = useListParams({});
  const integrations = useIntegrations(list.offset);
  const revoke = useRevokeIntegration();
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<Integration | null>(null);
  const [rotatedKey, setRotatedKey] = useState<string | null>(null);
  const columns = [
    { key: "name", header: "Name", cell: (i: Integration) => <Link to={`/integrations/${i.id}`}>{i.name}</Link> },
    { key: "prefix", header: "Key", cell: (i: Integration) => <code>{i.prefix}…</code> },
    { key: "scopes", header: "Permissions", cell: (i: Integration) => i.scope_names.join(", ") || "none" },
    { key: "version", header: "API version", cell: (i: Integration) => i.api_version },
    { key: "used", header: "Last used", cell: (i: Integration) => formatDate(i.last_used_at) },
    { key: "rotation", header: "Rotation", cell: (i: Integration) => <Rotation integration={i} /> },
    {
      ...ACTIONS_COLUMN,
      cell: (i: Integration) => (
        <>
          <button type="button" onClick={() => (setRotatedKey(null), setRotating(i))}>
            Rotate
          </button>
          <ConfirmButton
            action="Revoke"
            title={`Revoke “${i.name}”?`}
            message="Every key of this integration stops working at once, the previous one included. This cannot be undone."
            pending={revoke.isPending}
            onConfirm={() => revoke.mutate(i.id)}
          />
        </>
      ),
    },
  ];
  return (
    <section>
      <PageHeader
        title="Integrations"
        actions={
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            New integration
          </button>
        }
      />
      {rotatedKey && <SecretValue label="New integration key" value={rotatedKey} note="The integration was rotated." />}
      <DataTable
        label="Integrations"
        columns={columns}
        query={integrations}
        onOffset={list.setOffset}
        rowKey={(i) => i.id}
        error={revoke.error}
        empty="No integrations yet. An integration's key belongs to the store, not to a person: a nightly sync keeps working when staff change."
      />
      {creating && <NewIntegrationDialog onClose={() => setCreating(false)} />}
      {rotating && <RotateIntegrationDialog integration={rotating} onClose={() => setRotating(null)} onRotated={setRotatedKey} />}
    </section>
  );
}
