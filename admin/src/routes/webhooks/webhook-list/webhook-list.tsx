// Webhook endpoints (one row per subscription: URL and event) with their health, and "Add endpoint".
import { useState } from "react";
import { Link } from "react-router";
import { Empty, QueryState } from "../../../components/common/query-state";
import { useWebhooks, type Webhook } from "../../../hooks/api/webhooks";
import { formatDate } from "../../../lib/format";
import { AddEndpointDialog } from "./add-endpoint-dialog";

export function Health({ webhook }: { webhook: Webhook }) {
  if (!webhook.active) return <span className="badge">Disabled</span>;
  if (!webhook.last_delivery_status) return <span className="badge">No deliveries yet</span>;
  const failing = webhook.consecutive_failures > 0;
  return (
    <span className={`badge ${failing ? "failed" : "live"}`}>
      {failing ? `Failing: ${webhook.consecutive_failures} in a row` : "Healthy"}, last {formatDate(webhook.last_delivery_at)}
    </span>
  );
}

export default function WebhookList() {
  const webhooks = useWebhooks();
  const [adding, setAdding] = useState(false);
  return (
    <section>
      <div className="page-header">
        <h1>Webhooks</h1>
        <div className="actions">
          <Link to="/webhooks/deliveries">All deliveries</Link>
          <button type="button" className="primary" onClick={() => setAdding(true)}>
            Add endpoint
          </button>
        </div>
      </div>
      <QueryState query={webhooks}>
        {(page) =>
          page.data.length === 0 ? (
            <Empty>No endpoints yet. Add one to receive store events.</Empty>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Endpoint URL</th>
                  <th scope="col">Event</th>
                  <th scope="col">Health</th>
                </tr>
              </thead>
              <tbody>
                {page.data.map((w) => (
                  <tr key={w.id}>
                    <td>
                      <Link to={`/webhooks/${w.id}`}>{w.url}</Link>
                    </td>
                    <td>{w.event}</td>
                    <td>
                      <Health webhook={w} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </QueryState>
      <AddEndpointDialog open={adding} onClose={() => setAdding(false)} />
    </section>
  );
}
