// Integrations: keys that belong to the store (an ERP, a marketplace feed) and keep working when people leave.
// Each row: name, key prefix, permissions, last use, and why a rotation is recommended (someone who received a
// working key left the store); create (key shown once, with Copy), rotate with an overlap, revoke (confirmed).
import { useState } from "react";
import { ConfirmDialog } from "../../../components/common/dialog";
import { Empty, ErrorMessage, QueryState } from "../../../components/common/query-state";
import { type Integration, useIntegrations, useRevokeIntegration } from "../../../hooks/api/integrations";
import { formatDate } from "../../../lib/format";
import { SecretValue } from "../../api-tokens/token-list/new-token-dialog";
import { NewIntegrationDialog } from "./new-integration-dialog";
import { RotateIntegrationDialog } from "./rotate-integration-dialog";

export default function IntegrationList() {
  const integrations = useIntegrations();
  const revoke = useRevokeIntegration();
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<Integration | null>(null);
  const [revoking, setRevoking] = useState<Integration | null>(null);
  const [rotatedKey, setRotatedKey] = useState<string | null>(null);
  return (
    <section>
      <div className="page-header">
        <h1>Integrations</h1>
        <button type="button" className="primary" onClick={() => setCreating(true)}>
          New integration
        </button>
      </div>
      {rotatedKey && <SecretValue label="New integration key" value={rotatedKey} note="The integration was rotated." />}
      <ErrorMessage error={revoke.error} />
      <QueryState query={integrations}>
        {(page) =>
          page.data.length === 0 ? (
            <Empty>No integrations yet. An integration's key belongs to the store, not to a person: a nightly sync keeps working when staff change.</Empty>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Permissions</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Rotation</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.data.map((i) => (
                  <tr key={i.id}>
                    <td>{i.name}</td>
                    <td>
                      <code>{i.prefix}…</code>
                    </td>
                    <td>{i.scope_names.join(", ") || "none"}</td>
                    <td>{formatDate(i.last_used_at)}</td>
                    <td>
                      {i.rotation_recommended ? (
                        <span className="warning">Rotation recommended: {i.rotation_recommended_reason}</span>
                      ) : i.rotated_at ? (
                        `Rotated ${formatDate(i.rotated_at)}`
                      ) : (
                        "Never rotated"
                      )}
                    </td>
                    <td className="actions">
                      <button type="button" onClick={() => (setRotatedKey(null), setRotating(i))}>
                        Rotate
                      </button>
                      <button type="button" className="danger" onClick={() => setRevoking(i)}>
                        Revoke
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </QueryState>
      <NewIntegrationDialog open={creating} onClose={() => setCreating(false)} />
      <RotateIntegrationDialog integration={rotating} onClose={() => setRotating(null)} onRotated={setRotatedKey} />
      <ConfirmDialog
        title={`Revoke “${revoking?.name ?? ""}”?`}
        message="Every key of this integration stops working at once, the previous one included. This cannot be undone."
        action="Revoke"
        open={revoking !== null}
        pending={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })}
      />
    </section>
  );
}
