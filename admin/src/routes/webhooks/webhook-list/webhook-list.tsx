// Webhook endpoints (one row per subscription: URL and event) with their health, a page at a time (the page in the
// URL), and "Add endpoint".
import { useState } from "react";
import { Link } from "react-router";
import { DataTable } from "../../../components/common/data-table";
import { useListParams } from "../../../components/common/list-params";
import { PageHeader } from "../../../components/common/page-header";
import { useWebhooks, type Webhook } from "../../../hooks/api/webhooks";
import { formatDate, useDisplay } from "../../../lib/format";
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

const columns = [
  { key: "url", header: "Endpoint URL", cell: (w: Webhook) => <Link to={`/webhooks/${w.id}`}>{w.url}</Link> },
  { key: "event", header: "Event", cell: (w: Webhook) => w.event },
  { key: "health", header: "Health", cell: (w: Webhook) => <Health webhook={w} /> },
];

export default function WebhookList() {
  useDisplay();
  const list = useListParams({});
  const webhooks = useWebhooks(list.offset);
  const [adding, setAdding] = useState(false);
  return (
    <section>
      <PageHeader
        title="Webhooks"
        actions={
          <>
            <Link to="/webhooks/deliveries">All deliveries</Link>
            <button type="button" className="primary" onClick={() => setAdding(true)}>
              Add endpoint
            </button>
          </>
        }
      />
      <DataTable
        label="Endpoints"
        columns={columns}
        query={webhooks}
        onOffset={list.setOffset}
        rowKey={(w) => w.id}
        empty="No endpoints yet. Add one to receive store events."
      />
      {adding && <AddEndpointDialog onClose={() => setAdding(false)} />}
    </section>
  );
}
