// The Deliveries tab: status filter, one row per delivery (event, status, attempts), and the open delivery.
import { useState } from "react";
import { Pager } from "../../../../components/common/pager";
import { Empty, ErrorMessage, Loading } from "../../../../components/common/query-state";
import { useDeliveries, type DeliveryStatus } from "../../../../hooks/api/webhooks";
import { DeliveriesTable } from "../../components/deliveries-table";
import { DeliveryDetail } from "./delivery-detail";

export function StatusFilter({ value, onChange }: { value?: DeliveryStatus; onChange: (s?: DeliveryStatus) => void }) {
  return (
    <div className="field inline">
      <label htmlFor="delivery-status">Status</label>
      <select id="delivery-status" value={value ?? ""} onChange={(e) => onChange((e.target.value || undefined) as DeliveryStatus)}>
        <option value="">All</option>
        <option value="pending">Pending</option>
        <option value="delivered">Delivered</option>
        <option value="failed">Failed</option>
      </select>
    </div>
  );
}

export function DeliveriesTab({ webhookId, deliveryId }: { webhookId: string; deliveryId?: string }) {
  const [status, setStatus] = useState<DeliveryStatus>();
  const [offset, setOffset] = useState(0);
  const deliveries = useDeliveries(webhookId, status, offset);
  const rows = deliveries.data?.data ?? [];
  return (
    <div className="deliveries">
      <div>
        <StatusFilter value={status} onChange={(s) => (setStatus(s), setOffset(0))} />
        <ErrorMessage error={deliveries.error} />
        {deliveries.isPending ? (
          <Loading label="Loading deliveries…" />
        ) : rows.length === 0 ? (
          <Empty>No deliveries{status ? ` with status ${status}` : ""} yet.</Empty>
        ) : (
          <DeliveriesTable deliveries={rows} openId={deliveryId} />
        )}
        <Pager pagination={deliveries.data?.pagination} onOffset={setOffset} />
      </div>
      {deliveryId && <DeliveryDetail webhookId={webhookId} deliveryId={deliveryId} />}
    </div>
  );
}
