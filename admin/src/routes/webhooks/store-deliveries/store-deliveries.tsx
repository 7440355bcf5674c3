// Every delivery of the store, newest first, with the endpoint it went to (GET /stores/{id}/webhook-deliveries).
// Status filter and page in the URL.
import { useListParams } from "../../../components/common/list-params";
import { PageHeader } from "../../../components/common/page-header";
import { useStoreDeliveries, type DeliveryStatus } from "../../../hooks/api/webhooks";
import { DeliveriesTable, StatusFilter } from "../components/deliveries-table";

export default function StoreDeliveries() {
  const list = useListParams({ status: "" });
  const deliveries = useStoreDeliveries((list.values.status || undefined) as DeliveryStatus | undefined, list.offset);
  return (
    <section>
      <PageHeader title="All deliveries" />
      <DeliveriesTable query={deliveries} showUrl empty="No deliveries yet." toolbar={<StatusFilter list={list} />} onOffset={list.setOffset} />
    </section>
  );
}
