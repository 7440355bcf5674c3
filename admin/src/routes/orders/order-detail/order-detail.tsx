// One order: its line items (per line what was ordered, shipped and returned) and total, the customer, the status
// and the changes the API allows from it, its shipments ("Ship items") and returns ("Record return"; both
// docs/api/25-shipments.md), and its custom fields (read-only: set when the order was created).
import { Link, useParams } from "react-router";
import { PageHeader } from "../../../components/common/page-header";
import { QueryState } from "../../../components/common/query-state";
import { FieldValuesCard } from "../../../components/custom-fields/field-values-card";
import { useOrder } from "../../../hooks/api/orders";
import { formatDate, formatMoney, orderName, useDisplay } from "../../../lib/format";
import { STATUS_LABEL } from "../components/orders-table";
import { OrderActions } from "./order-actions";
import { OrderReturns } from "./order-returns";
import { OrderShipments } from "./order-shipments";

export default function OrderDetail() {
  useDisplay();
  const { id = "" } = useParams();
  const order = useOrder(id);
  return (
    <QueryState query={order}>
      {(o) => (
        <section>
          <PageHeader title={orderName(o.id)} back={{ to: "/orders", label: "Orders" }}>
            <span className={`badge order-${o.status}`}>{STATUS_LABEL[o.status]}</span>
          </PageHeader>
          <div className="card">
            <h2>Status</h2>
            <p>
              {STATUS_LABEL[o.status]}, placed {formatDate(o.created_at)}, last changed {formatDate(o.updated_at)}
              {o.refunded_cents > 0 && `; ${formatMoney(o.refunded_cents, o.currency)} refunded`}
            </p>
            <OrderActions order={o} />
          </div>
          <div className="card">
            <h2>Customer</h2>
            <p>{o.customer_id ? <Link to={`/customers/${o.customer_id}`}>{o.email}</Link> : o.email}</p>
          </div>
          <div className="card">
            <h2>Items</h2>
            <div className="table-scroll" tabIndex={0} role="region" aria-label="Items table">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Item</th>
                    <th scope="col">SKU</th>
                    <th scope="col">Unit price</th>
                    <th scope="col">Ordered</th>
                    <th scope="col">Shipped</th>
                    <th scope="col">Returned</th>
                    <th scope="col">Subtotal</th>
                  </tr>
                </thead>
                <tbody>
                  {o.line_items.map((line) => (
                    <tr key={line.id}>
                      <td>
                        <Link to={`/products/${line.product_id}`}>{line.title}</Link>
                      </td>
                      <td>{line.sku ?? "—"}</td>
                      <td>{formatMoney(line.unit_price_cents, o.currency)}</td>
                      <td>{line.quantity}</td>
                      <td>{line.fulfilled_quantity}</td>
                      <td>{line.returned_quantity}</td>
                      <td>{formatMoney(line.unit_price_cents * line.quantity, o.currency)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={6}>
                      Total
                    </th>
                    <td>{formatMoney(o.total_cents, o.currency)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </div>
          <OrderShipments order={o} />
          <OrderReturns order={o} />
          <FieldValuesCard owner="order" values={o.fields} />
        </section>
      )}
    </QueryState>
  );
}
