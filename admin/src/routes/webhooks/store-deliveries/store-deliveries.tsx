// Every delivery of the store, newest first, with the endpoint it went to (GET /stores/{id}/webhook-deliveries).
// Status filter and page in the URL.
import { useListParams } from "../../../components/common/list-params";
import { Pager } from "../../../components/common/pager";
import { useStoreDeliveries, type DeliveryStatus } from "../../../hooks/api/webhooks";
import { DeliveriesTable, StatusFilter } from "../components/deliveries-table";

export default function StoreDeliveries() {
  const list = useListParams({ status: "" });
  const deliveries = useStoreDeliveries((list.values.status || undefined) as DeliveryStatus | undefined, list.offset);
  return (
    <section>
      <h1>All deliveries</h1>
      <DeliveriesTable
        query={deliveries}
        showUrl
        empty="No deliveries yet."
        toolbar={<StatusFilter list={list} />}
        pager={<Pager pagination={deliveries.data?.pagination} onOffset={list.setOffset} />}
      />
    </section>
  );
}
