// Deliveries as rows: event (a link that opens the delivery), optionally the endpoint URL, status, attempts, time.
import { Link } from "react-router";
import type { components } from "../../../lib/api-schema";
import { formatDate } from "../../../lib/format";

type Delivery = components["schemas"]["WebhookDelivery"] & { url?: string };

export function DeliveriesTable(props: { deliveries: Delivery[]; showUrl?: boolean; openId?: string }) {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">Event</th>
          {props.showUrl && <th scope="col">Endpoint URL</th>}
          <th scope="col">Status</th>
          <th scope="col">Attempts</th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        {props.deliveries.map((d) => (
          <tr key={d.id} aria-current={d.id === props.openId ? "true" : undefined}>
            <td>
              <Link to={`/webhooks/${d.webhook_id}/deliveries/${d.id}`}>{d.event}</Link>
            </td>
            {props.showUrl && <td>{d.url}</td>}
            <td>
              <span className={`badge ${d.status}`}>{d.status}</span>
            </td>
            <td>{d.attempt_count}</td>
            <td>{formatDate(d.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
