// Orders as rows on the shared DataTable: a link that opens the order, the customer's email, status, total and
// date. Used by the orders list and a customer's page.
import { Link } from "react-router";
import { DataTable, type DataTableProps } from "../../../components/common/data-table";
import type { Order } from "../../../hooks/api/orders";
import { formatDate, formatMoney, orderName, useDisplay } from "../../../lib/format";

export const STATUS_LABEL: Record<Order["status"], string> = {
  pending: "Pending",
  paid: "Paid",
  fulfilled: "Fulfilled",
  canceled: "Canceled",
  refunded: "Refunded",
};

const columns = [
  { key: "order", header: "Order", cell: (o: Order) => <Link to={`/orders/${o.id}`}>{orderName(o.id)}</Link> },
  { key: "customer", header: "Customer", cell: (o: Order) => o.email },
  { key: "status", header: "Status", cell: (o: Order) => <span className={`badge order-${o.status}`}>{STATUS_LABEL[o.status]}</span> },
  { key: "total", header: "Total", cell: (o: Order) => formatMoney(o.total_cents, o.currency) },
  { key: "date", header: "Date", cell: (o: Order) => formatDate(o.created_at) },
];

/** `query`, `onOffset`, `label`, `empty` and `toolbar` as DataTable takes them. */
export function OrdersTable(props: Omit<DataTableProps<Order>, "columns" | "rowKey">) {
  useDisplay();
  return <DataTable {...props} columns={columns} rowKey={(o) => o.id} />;
}
