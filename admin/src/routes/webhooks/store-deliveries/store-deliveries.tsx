// Every delivery of the store, newest first, with the endpoint it went to (GET /stores/{id}/webhook-deliveries).
import { useState } from "react";
import { Pager } from "../../../components/common/pager";
import { Empty, ErrorMessage, Loading } from "../../../components/common/query-state";
import { useStoreDeliveries, type DeliveryStatus } from "../../../hooks/api/webhooks";
import { DeliveriesTable } from "../components/deliveries-table";
import { StatusFilter } from "../webhook-detail/components/deliveries-tab";

export default function StoreDeliveries() {
  const [status, setStatus] = useState<DeliveryStatus>();
  const [offset, setOffset] = useState(0);
  const deliveries = useStoreDeliveries(status, offset);
  const rows = deliveries.data?.data ?? [];
  return (
    <section>
      <h1>All deliveries</h1>
      <StatusFilter value={status} onChange={(s) => (setStatus(s), setOffset(0))} />
      <ErrorMessage error={deliveries.error} />
      {deliveries.isPending ? (
        <Loading label="Loading deliveries…" />
      ) : rows.length === 0 ? (
        <Empty>No deliveries yet.</Empty>
      ) : (
        <DeliveriesTable deliveries={rows} showUrl />
      )}
      <Pager pagination={deliveries.data?.pagination} onOffset={setOffset} />
    </section>
  );
}
