// Deliveries as rows on the shared DataTable: event (a link that opens the delivery, keeping the list's filters),
// optionally the endpoint URL, status, attempts, time; and the status filter (All, Pending, Delivered, Failed).
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { type Column, DataTable } from "../../../components/common/data-table";
import { ListSelect } from "../../../components/common/list-filters";
import type { ListParams } from "../../../components/common/list-params";
import type { components } from "../../../lib/api-schema";
import { formatDate, useDisplay } from "../../../lib/format";

type Delivery = components["schemas"]["WebhookDelivery"] & { url?: string };

const STATUS_OPTIONS = [["", "All"], ["pending", "Pending"], ["delivered", "Delivered"], ["failed", "Failed"]] as const;

export function StatusFilter({ list }: { list: ListParams<"status"> }) {
  return <ListSelect list={list} name="status" label="Status" options={STATUS_OPTIONS} />;
}

export function DeliveriesTable(props: {
  query: { data?: { data: Delivery[] }; isPending: boolean; error: unknown };
  showUrl?: boolean;
  openId?: string;
  empty: ReactNode;
  toolbar?: ReactNode;
  pager?: ReactNode;
}) {
  useDisplay();
  const { search } = useLocation();
  const columns: Column<Delivery>[] = [
    { key: "event", header: "Event", cell: (d) => <Link to={`/webhooks/${d.webhook_id}/deliveries/${d.id}${search}`}>{d.event}</Link> },
    ...(props.showUrl ? [{ key: "url", header: "Endpoint URL", cell: (d: Delivery) => d.url }] : []),
    { key: "status", header: "Status", cell: (d) => <span className={`badge ${d.status}`}>{d.status}</span> },
    { key: "attempts", header: "Attempts", cell: (d) => d.attempt_count },
    { key: "created", header: "Created", cell: (d) => formatDate(d.created_at) },
  ];
  return (
    <DataTable
      label="Deliveries"
      columns={columns}
      rows={props.query.data?.data}
      rowKey={(d) => d.id}
      loading={props.query.isPending}
      error={props.query.error}
      empty={props.empty}
      toolbar={props.toolbar}
      pager={props.pager}
      rowProps={(d) => ({ "aria-current": d.id === props.openId ? "true" : undefined })}
    />
  );
}
