// Orders, newest first: a status filter ("All" and each status) and offset paging.
import { useState } from "react";
import { Pager } from "../../../components/common/pager";
import { Empty, ErrorMessage, Loading } from "../../../components/common/query-state";
import { ORDER_STATUSES, useOrders, type OrderStatus } from "../../../hooks/api/orders";
import { OrdersTable, STATUS_LABEL } from "../components/orders-table";

export default function OrderList() {
  const [status, setStatus] = useState<OrderStatus>();
  const [offset, setOffset] = useState(0);
  const orders = useOrders({ status, offset });
  const rows = orders.data?.data ?? [];
  return (
    <section>
      <div className="page-header">
        <h1>Orders</h1>
      </div>
      <div className="toolbar">
        <div className="field inline">
          <label htmlFor="order-status">Status</label>
          <select
            id="order-status"
            value={status ?? ""}
            onChange={(e) => (setStatus((e.target.value || undefined) as OrderStatus | undefined), setOffset(0))}
          >
            <option value="">All</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ErrorMessage error={orders.error} />
      {orders.isPending ? (
        <Loading label="Loading orders…" />
      ) : rows.length === 0 ? (
        <Empty>{status ? `No ${STATUS_LABEL[status].toLowerCase()} orders.` : "No orders yet: they arrive through the API (POST /stores/{store_id}/orders)."}</Empty>
      ) : (
        <OrdersTable orders={rows} busy={orders.isPlaceholderData} caption="Orders" />
      )}
      <Pager pagination={orders.data?.pagination} onOffset={setOffset} busy={orders.isPlaceholderData} />
    </section>
  );
}
