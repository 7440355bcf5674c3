// Team: members with their permissions (edit, remove), pending invites (who sent them; revoke), and "Invite teammate".
import { useState } from "react";
import { ConfirmDialog } from "../../../components/common/dialog";
import { Empty, ErrorMessage, QueryState } from "../../../components/common/query-state";
import { type Invite, useInvites, useMembers, useRemoveMember, useRevokeInvite, type Member } from "../../../hooks/api/team";
import { formatDate } from "../../../lib/format";
import { EditPermissionsDialog, InviteDialog } from "./team-dialogs";

export default function Team() {
  const members = useMembers();
  const invites = useInvites();
  const remove = useRemoveMember();
  const revoke = useRevokeInvite();
  const [revoking, setRevoking] = useState<Invite | null>(null);
  const nameOf = (userId: string) => members.data?.data.find((m) => m.user_id === userId)?.name ?? "a former member";
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  return (
    <section>
      <div className="page-header">
        <h1>Team</h1>
        <button type="button" className="primary" onClick={() => setInviting(true)}>
          Invite teammate
        </button>
      </div>
      <ErrorMessage error={remove.error} />
      <QueryState query={members}>
        {(page) => (
          <table>
            <caption>Members</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Permissions</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((m) => (
                <tr key={m.user_id}>
                  <td>{m.name}</td>
                  <td>{m.email}</td>
                  <td>{m.role}</td>
                  <td>{m.role === "owner" ? "all" : m.permission_names.join(", ") || "none"}</td>
                  <td className="actions">
                    {m.role !== "owner" && (
                      <>
                        <button type="button" onClick={() => setEditing(m)}>
                          Edit permissions
                        </button>
                        <button type="button" className="danger" onClick={() => setRemoving(m)}>
                          Remove
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
      <h2>Invites</h2>
      <ErrorMessage error={revoke.error} />
      <QueryState query={invites}>
        {(page) =>
          page.data.length === 0 ? (
            <Empty>No open invites.</Empty>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Permissions</th>
                  <th scope="col">Invited by</th>
                  <th scope="col">Expires</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.data.map((i) => (
                  <tr key={i.id}>
                    <td>{i.email}</td>
                    <td>{i.permission_names.join(", ")}</td>
                    <td>{nameOf(i.invited_by)}</td>
                    <td>{formatDate(i.expires_at)}</td>
                    <td className="actions">
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
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      {editing && <EditPermissionsDialog member={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        title={`Remove ${removing?.name ?? ""}?`}
        message="They lose access to this store; every token they own or were issued stops working, and their pending invites are revoked."
        action="Remove"
        open={removing !== null}
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.user_id, { onSuccess: () => setRemoving(null) })}
      />
      <ConfirmDialog
        title={`Revoke the invite to ${revoking?.email ?? ""}?`}
        message="The invite link stops working at once; you can send a new invite later."
        action="Revoke"
        open={revoking !== null}
        pending={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })}
      />
    </section>
  );
}
