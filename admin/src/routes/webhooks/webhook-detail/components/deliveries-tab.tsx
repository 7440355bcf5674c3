// The Deliveries tab: status filter (in the URL), one row per delivery (event, status, attempts), and the open
// delivery.
import { useListParams } from "../../../../components/common/list-params";
import { useDeliveries, type DeliveryStatus } from "../../../../hooks/api/webhooks";
import { DeliveriesTable, StatusFilter } from "../../components/deliveries-table";
import { DeliveryDetail } from "./delivery-detail";

export function DeliveriesTab({ webhookId, deliveryId }: { webhookId: string; deliveryId?: string }) {
  const list = useListParams({ status: "" });
  const status = (list.values.status || undefined) as DeliveryStatus | undefined;
  const deliveries = useDeliveries(webhookId, status, list.offset);
  return (
    <div className="deliveries">
      <div>
        <DeliveriesTable
          query={deliveries}
          openId={deliveryId}
          empty={`No deliveries${status ? ` with status ${status}` : ""} yet.`}
          toolbar={<StatusFilter list={list} />}
          onOffset={list.setOffset}
        />
      </div>
      {deliveryId && <DeliveryDetail webhookId={webhookId} deliveryId={deliveryId} />}
    </div>
  );
}
