// Personal access tokens: name, prefix, scopes, whose token it is and who issued it (the holder of its raw value:
// removing either from the store stops it), last use; create (raw value shown once, with Copy), rotate, revoke.
import { useState } from "react";
import { ConfirmDialog } from "../../../components/common/dialog";
import { Empty, ErrorMessage, QueryState } from "../../../components/common/query-state";
import { useMe } from "../../../hooks/api/auth";
import { useMembers } from "../../../hooks/api/team";
import { useRevokeToken, useRotateToken, useTokens, type AccessToken } from "../../../hooks/api/tokens";
import { formatDate } from "../../../lib/format";
import { NewTokenDialog, SecretValue } from "./new-token-dialog";

export default function TokenList() {
  const tokens = useTokens();
  const me = useMe();
  // Names need members.read; without it a teammate shows as "a teammate" (the API still enforces everything).
  const members = useMembers();
  const nameOf = (userId: string) =>
    userId === me.data?.id ? "you" : (members.data?.data.find((m) => m.user_id === userId)?.name ?? "a teammate");
  const rotate = useRotateToken();
  const revoke = useRevokeToken();
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<{ action: "Rotate" | "Revoke"; token: AccessToken } | null>(null);
  const [rotatedValue, setRotatedValue] = useState<string | null>(null);
  const act = () => {
    if (!confirm) return;
    if (confirm.action === "Rotate") {
      rotate.mutate(confirm.token.id, { onSuccess: (t) => (setRotatedValue(t.token), setConfirm(null)) });
    } else {
      revoke.mutate(confirm.token.id, { onSuccess: () => setConfirm(null) });
    }
  };
  return (
    <section>
      <div className="page-header">
        <h1>Access tokens</h1>
        <button type="button" className="primary" onClick={() => setCreating(true)}>
          New token
        </button>
      </div>
      {rotatedValue && <SecretValue label="New token value" value={rotatedValue} note="The token was rotated: the old value no longer works." />}
      <ErrorMessage error={rotate.error ?? revoke.error} />
      <QueryState query={tokens}>
        {(page) =>
          page.data.length === 0 ? (
            <Empty>No tokens yet. A token lets a script call the API with the permissions you pick.</Empty>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Prefix</th>
                  <th scope="col">Scopes</th>
                  <th scope="col">User</th>
                  <th scope="col">Issued by</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Expires</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.data.map((t) => (
                  <tr key={t.id}>
                    <td>{t.name}</td>
                    <td>
                      <code>{t.prefix}…</code>
                    </td>
                    <td>{t.scope_names.join(", ")}</td>
                    <td>{nameOf(t.user_id)}</td>
                    <td>{nameOf(t.issued_by)}</td>
                    <td>{formatDate(t.last_used_at)}</td>
                    <td>{t.expires_at ? formatDate(t.expires_at) : "never"}</td>
                    <td className="actions">
                      <button type="button" onClick={() => setConfirm({ action: "Rotate", token: t })}>
                        Rotate
                      </button>
                      <button type="button" className="danger" onClick={() => setConfirm({ action: "Revoke", token: t })}>
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
      <NewTokenDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        title={`${confirm?.action ?? ""} “${confirm?.token.name ?? ""}”?`}
        message={
          confirm?.action === "Rotate"
            ? "A new value replaces the current one, which stops working at once."
            : "The token stops working at once. This cannot be undone."
        }
        action={confirm?.action ?? "Revoke"}
        open={confirm !== null}
        pending={rotate.isPending || revoke.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={act}
      />
    </section>
  );
}
