// Every delivery of the store, newest first, with the endpoint it went to (GET /stores/{id}/webhook-deliveries).
import { useState } from "react";
import { Link } from "react-router";
import { Pager } from "../../../components/common/pager";
import { Empty, ErrorMessage, Loading } from "../../../components/common/query-state";
import { useStoreDeliveries, type DeliveryStatus } from "../../../hooks/api/webhooks";
import { formatDate } from "../../../lib/format";
import { StatusFilter } from "../webhook-detail/components/deliveries-tab";

export default function StoreDeliveries() {
  const [status, setStatus] = useState<DeliveryStatus>();
  const [offset, setOffset] = useState(0);
  const deliveries = useStoreDeliveries(status, offset);
  const rows = deliveries.data?.data ?? [];
  return (
    <section>
      <h1>All deliveries</h1>
      <StatusFilter value={status} onChange={(s) => (setStatus(s), setOffset(0))} />
      <ErrorMessage error={deliveries.error} />
      {deliveries.isPending ? (
        <Loading label="Loading deliveries…" />
      ) : rows.length === 0 ? (
        <Empty>No deliveries yet.</Empty>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Endpoint URL</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.id}>
                <td>
                  <Link to={`/webhooks/${d.webhook_id}/deliveries/${d.id}`}>{d.event}</Link>
                </td>
                <td>{d.url}</td>
                <td>
                  <span className={`badge ${d.status}`}>{d.status}</span>
                </td>
                <td>{d.attempt_count}</td>
                <td>{formatDate(d.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager pagination={deliveries.data?.pagination} onOffset={setOffset} />
    </section>
  );
}
