// Team: members with their permissions (edit, remove), pending invites (who sent them; revoke), and "Invite teammate"
// (the invite link shown once). Both lists on the shared DataTable, each a page at a time (its page in the URL);
// removing and revoking are confirmed.
import { useState } from "react";
import { ConfirmButton } from "../../../components/common/confirm-button";
import { ACTIONS_COLUMN, DataTable } from "../../../components/common/data-table";
import { useListParams } from "../../../components/common/list-params";
import { PageHeader } from "../../../components/common/page-header";
import { type Invite, type Member, useAllMembers, useInvites, useMembers, useRemoveMember, useRevokeInvite } from "../../../hooks/api/team";
import { formatDate, useDisplay } from "../../../lib/format";
import { EditPermissionsDialog, InviteDialog } from "./team-dialogs";

export default function Team() {
  useDisplay();
  const memberPages = useListParams({});
  const invitePages = useListParams({}, "invites_offset");
  const members = useMembers(memberPages.offset);
  const invites = useInvites(invitePages.offset);
  // An invite's sender may be on another page of members.
  const everyone = useAllMembers();
  const remove = useRemoveMember();
  const revoke = useRevokeInvite();
  const nameOf = (userId: string) => everyone.data?.find((m) => m.user_id === userId)?.name ?? "a former member";
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);
  return (
    <section>
      <PageHeader
        title="Team"
        actions={
          <button type="button" className="primary" onClick={() => setInviting(true)}>
            Invite teammate
          </button>
        }
      />
      <DataTable
        label="Members"
        query={members}
        onOffset={memberPages.setOffset}
        rowKey={(m) => m.user_id}
        error={remove.error}
        empty="No members."
        columns={[
          { key: "name", header: "Name", cell: (m: Member) => m.name },
          { key: "email", header: "Email", cell: (m: Member) => m.email },
          { key: "role", header: "Role", cell: (m: Member) => m.role },
          { key: "permissions", header: "Permissions", cell: (m: Member) => (m.role === "owner" ? "all" : m.permission_names.join(", ") || "none") },
          {
            ...ACTIONS_COLUMN,
            cell: (m: Member) =>
              m.role !== "owner" && (
                <>
                  <button type="button" onClick={() => setEditing(m)}>
                    Edit permissions
                  </button>
                  <ConfirmButton
                    action="Remove"
                    title={`Remove ${m.name}?`}
                    message="They lose access to this store; every token they own or were issued stops working, and their pending invites are revoked."
                    pending={remove.isPending}
                    onConfirm={() => remove.mutate(m.user_id)}
                  />
                </>
              ),
          },
        ]}
      />
      <h2>Invites</h2>
      <DataTable
        label="Invites"
        query={invites}
        onOffset={invitePages.setOffset}
        rowKey={(i) => i.id}
        error={revoke.error}
        empty="No open invites."
        columns={[
          { key: "email", header: "Email", cell: (i: Invite) => i.email },
          { key: "permissions", header: "Permissions", cell: (i: Invite) => i.permission_names.join(", ") },
          { key: "by", header: "Invited by", cell: (i: Invite) => nameOf(i.invited_by) },
          { key: "expires", header: "Expires", cell: (i: Invite) => formatDate(i.expires_at) },
          {
            ...ACTIONS_COLUMN,
            cell: (i: Invite) => (
              <ConfirmButton
                action="Revoke"
                title={`Revoke the invite to ${i.email}?`}
                message="The invite link stops working at once; you can send a new invite later."
                pending={revoke.isPending}
                onConfirm={() => revoke.mutate(i.id)}
              />
            ),
          },
        ]}
      />
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
      {editing && <EditPermissionsDialog member={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
