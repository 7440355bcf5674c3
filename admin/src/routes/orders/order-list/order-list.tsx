// Orders, newest first: a status filter ("All" and each status) and offset paging, both in the URL; "New order".
import { Link } from "react-router";
import { ListSelect } from "../../../components/common/list-filters";
import { useListParams } from "../../../components/common/list-params";
import { PageHeader } from "../../../components/common/page-header";
import { ORDER_STATUSES, useOrders, type OrderStatus } from "../../../hooks/api/orders";
import { OrdersTable, STATUS_LABEL } from "../components/orders-table";

const STATUS_OPTIONS = [["", "All"], ...ORDER_STATUSES.map((s) => [s, STATUS_LABEL[s]] as const)] as const;

export default function OrderList() {
  const list = useListParams({ status: "" });
  const status = (list.values.status || undefined) as OrderStatus | undefined;
  const orders = useOrders({ status, offset: list.offset });
  return (
    <section>
      <PageHeader
        title="Orders"
        actions={
          <Link className="button primary" to="/orders/new">
            New order
          </Link>
        }
      />
      <OrdersTable
        query={orders}
        label="Orders"
        empty={
          status
            ? `No ${STATUS_LABEL[status].toLowerCase()} orders.`
            : "No orders yet: they arrive through the API (POST /stores/{store_id}/orders) or “New order”."
        }
        toolbar={<ListSelect list={list} name="status" label="Status" options={STATUS_OPTIONS} />}
        onOffset={list.setOffset}
      />
    </section>
  );
}
