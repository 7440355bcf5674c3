// Deliveries as rows on the shared DataTable: event (a link that opens the delivery, keeping the list's filters),
// the event's sequence, optionally the endpoint URL, status, attempts, time; and the status filter (All, Pending, Delivered, Failed).
import { Link, useLocation } from "react-router";
import { type Column, DataTable, type DataTableProps } from "../../../components/common/data-table";
import { ListSelect } from "../../../components/common/list-filters";
import type { ListParams } from "../../../components/common/list-params";
import type { components } from "../../../lib/api-schema";
import { formatDate, useDisplay } from "../../../lib/format";

type Delivery = components["schemas"]["WebhookDelivery"] & { url?: string };

const STATUS_OPTIONS = [
  ["", "All"],
  ["pending", "Pending"],
  ["delivered", "Delivered"],
  ["failed", "Failed"],
] as const;

export function StatusFilter({ list }: { list: ListParams<"status"> }) {
  return <ListSelect list={list} name="status" label="Status" options={STATUS_OPTIONS} />;
}

/** The event's `sequence`, from the list item; a test delivery is no store event and has none ("test"). */
function Sequence({ d }: { d: Delivery }) {
  if (d.sequence !== null) return <>{d.sequence}</>;
  return <span className="hint">{d.event === "webhook.test" ? "test" : "none"}</span>;
}

/** `query`, `onOffset`, `empty` and `toolbar` as DataTable takes them; the endpoint's URL on demand, the open one marked. */
export function DeliveriesTable({
  showUrl,
  openId,
  ...props
}: Omit<DataTableProps<Delivery>, "label" | "columns" | "rowKey"> & { showUrl?: boolean; openId?: string }) {
  useDisplay();
  const { search } = useLocation();
  const columns: Column<Delivery>[] = [
    { key: "event", header: "Event", cell: (d) => <Link to={`/webhooks/${d.webhook_id}/deliveries/${d.id}${search}`}>{d.event}</Link> },
    { key: "sequence", header: "Sequence", cell: (d) => <Sequence d={d} /> },
    ...(showUrl ? [{ key: "url", header: "Endpoint URL", cell: (d: Delivery) => d.url }] : []),
    { key: "status", header: "Status", cell: (d) => <span className={`badge ${d.status}`}>{d.status}</span> },
    { key: "attempts", header: "Attempts", cell: (d) => d.attempt_count },
    { key: "created", header: "Created", cell: (d) => formatDate(d.created_at) },
  ];
  return (
    <DataTable
      {...props}
      label="Deliveries"
      columns={columns}
      rowKey={(d) => d.id}
      rowProps={(d) => ({ "aria-current": d.id === openId ? "true" : undefined })}
    />
  );
}
