// Personal access tokens: name, prefix, scopes, the API version its requests are served in (docs/api-versions.md),
// whose token it is and who issued it (the holder of its raw value: removing either from the store stops it), last
// use, a page at a time (the page in the URL); create (raw value shown once, with Copy), rotate, revoke.
import { useState } from "react";
import { ConfirmButton } from "../../../components/common/confirm-button";
import { ACTIONS_COLUMN, DataTable } from "../../../components/common/data-table";
import { useListParams } from "../../../components/common/list-params";
import { PageHeader } from "../../../components/common/page-header";
import { SecretValue } from "../../../components/common/secret-value";
import { useMe } from "../../../hooks/api/auth";
import { useAllMembers } from "../../../hooks/api/team";
import { useRevokeToken, useRotateToken, useTokens, type AccessToken } from "../../../hooks/api/tokens";
import { formatDate, useDisplay } from "../../../lib/format";
import { NewTokenDialog } from "./new-token-dialog";

export default function TokenList() {
  useDisplay();
  const list = useListParams({});
  const tokens = useTokens(list.offset);
  const me = useMe();
  // Names need members.read; without it a teammate shows as "a teammate" (the API still enforces everything).
  const members = useAllMembers();
  const nameOf = (userId: string) => (userId === me.data?.id ? "you" : (members.data?.find((m) => m.user_id === userId)?.name ?? "a teammate"));
  const rotate = useRotateToken();
  const revoke = useRevokeToken();
  const [creating, setCreating] = useState(false);
  const [rotatedValue, setRotatedValue] = useState<string | null>(null);
  const columns = [
    { key: "name", header: "Name", cell: (t: AccessToken) => t.name },
    { key: "prefix", header: "Prefix", cell: (t: AccessToken) => <code>{t.prefix}…</code> },
    { key: "scopes", header: "Scopes", cell: (t: AccessToken) => t.scope_names.join(", ") },
    { key: "version", header: "API version", cell: (t: AccessToken) => t.api_version },
    { key: "user", header: "User", cell: (t: AccessToken) => nameOf(t.user_id) },
    { key: "issuer", header: "Issued by", cell: (t: AccessToken) => nameOf(t.issued_by) },
    { key: "used", header: "Last used", cell: (t: AccessToken) => formatDate(t.last_used_at) },
    { key: "expires", header: "Expires", cell: (t: AccessToken) => (t.expires_at ? formatDate(t.expires_at) : "never") },
    {
      ...ACTIONS_COLUMN,
      cell: (t: AccessToken) => (
        <>
          <ConfirmButton
            action="Rotate"
            title={`Rotate “${t.name}”?`}
            message="A new value replaces the current one, which stops working at once."
            pending={rotate.isPending}
            onConfirm={() => rotate.mutate(t.id, { onSuccess: (r) => setRotatedValue(r.token) })}
          />
          <ConfirmButton
            action="Revoke"
            title={`Revoke “${t.name}”?`}
            message="The token stops working at once. This cannot be undone."
            pending={revoke.isPending}
            onConfirm={() => revoke.mutate(t.id)}
          />
        </>
      ),
    },
  ];
  return (
    <section>
      <PageHeader
        title="Access tokens"
        actions={
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            New token
          </button>
        }
      />
      {rotatedValue && <SecretValue label="New token value" value={rotatedValue} note="The token was rotated: the old value no longer works." />}
      <DataTable
        label="Access tokens"
        columns={columns}
        query={tokens}
        onOffset={list.setOffset}
        rowKey={(t) => t.id}
        error={rotate.error ?? revoke.error}
        empty="No tokens yet. A token lets a script call the API with the permissions you pick."
      />
      {creating && <NewTokenDialog onClose={() => setCreating(false)} />}
    </section>
  );
}
