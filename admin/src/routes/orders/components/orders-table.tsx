// Orders as rows: a link that opens the order, the customer's email, status, total and date. Used by the orders
// list and a customer's page.
import { Link } from "react-router";
import type { Order } from "../../../hooks/api/orders";
import { formatDate, formatMoney, orderName } from "../../../lib/format";

export const STATUS_LABEL: Record<Order["status"], string> = {
  pending: "Pending",
  paid: "Paid",
  fulfilled: "Fulfilled",
  canceled: "Canceled",
  refunded: "Refunded",
};

export function OrdersTable({ orders, busy, caption }: { orders: Order[]; busy?: boolean; caption: string }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={`${caption} table`}>
      <table aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Customer</th>
            <th scope="col">Status</th>
            <th scope="col">Total</th>
            <th scope="col">Date</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id}>
              <td>
                <Link to={`/orders/${o.id}`}>{orderName(o.id)}</Link>
              </td>
              <td>{o.email}</td>
              <td>
                <span className={`badge order-${o.status}`}>{STATUS_LABEL[o.status]}</span>
              </td>
              <td>{formatMoney(o.total_cents, o.currency)}</td>
              <td>{formatDate(o.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
