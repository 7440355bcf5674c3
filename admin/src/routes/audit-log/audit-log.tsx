// The audit log: who changed what (user, token name when through a token), newest first.
import { useState } from "react";
import { Pager } from "../../components/common/pager";
import { Empty, QueryState } from "../../components/common/query-state";
import { useAuditLog } from "../../hooks/api/audit";
import { useMembers } from "../../hooks/api/team";
import { formatDate } from "../../lib/format";

export default function AuditLog() {
  const [offset, setOffset] = useState(0);
  const log = useAuditLog(offset);
  // Names for user ids when the member list is readable (members.read); the id otherwise.
  const members = useMembers();
  const who = (userId: string | null) =>
    members.data?.data.find((m) => m.user_id === userId)?.email ?? userId ?? "—";
  return (
    <section>
      <h1>Audit log</h1>
      <QueryState query={log}>
        {(page) =>
          page.data.length === 0 ? (
            <Empty>Nothing recorded yet.</Empty>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Action</th>
                  <th scope="col">Resource</th>
                  <th scope="col">User</th>
                  <th scope="col">Token</th>
                  <th scope="col">Time</th>
                </tr>
              </thead>
              <tbody>
                {page.data.map((e) => (
                  <tr key={e.id}>
                    <td>
                      <code>{e.action}</code>
                    </td>
                    <td>
                      {e.resource_type} <code>{e.resource_id?.slice(0, 8)}</code>
                    </td>
                    <td>{who(e.user_id)}</td>
                    <td>{e.token_name ?? "—"}</td>
                    <td>{formatDate(e.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </QueryState>
      <Pager pagination={log.data?.pagination} onOffset={setOffset} />
    </section>
  );
}
