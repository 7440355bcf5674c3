// Team: members with their permissions (edit, remove), open invites, and "Invite teammate".
import { useState } from "react";
import { ConfirmDialog } from "../../../components/common/dialog";
import { Empty, ErrorMessage, QueryState } from "../../../components/common/query-state";
import { useInvites, useMembers, useRemoveMember, type Member } from "../../../hooks/api/team";
import { formatDate } from "../../../lib/format";
import { EditPermissionsDialog, InviteDialog } from "./team-dialogs";

export default function Team() {
  const members = useMembers();
  const invites = useInvites();
  const remove = useRemoveMember();
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
                  <th scope="col">Expires</th>
                </tr>
              </thead>
              <tbody>
                {page.data.map((i) => (
                  <tr key={i.id}>
                    <td>{i.email}</td>
                    <td>{i.permission_names.join(", ")}</td>
                    <td>{formatDate(i.expires_at)}</td>
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
        message="They lose access to this store, and every token they issued for it stops working."
        action="Remove"
        open={removing !== null}
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.user_id, { onSuccess: () => setRemoving(null) })}
      />
    </section>
  );
}
