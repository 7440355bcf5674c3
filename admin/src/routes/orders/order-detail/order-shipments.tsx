// The order page's "Shipments" (docs/api/25-shipments.md): the order's fulfilment in words ("Partially shipped: 2 of
// 5 units shipped, 3 to ship."), "Ship items" while a paid order has units left, and each shipment, oldest first:
// its status, when it shipped (and was delivered), where from, its items, its tracking (the number a link when it
// has a URL, with the carrier), and while it is shipped "Mark delivered" and "Cancel shipment" (confirmed: its
// units are to ship again and its stock goes back; once the order has a return, said instead). A refusal (409: it changed meanwhile) is said under the list,
// and the order and its shipments are read again.
import { useState } from "react";
import { ConfirmButton } from "../../../components/common/confirm-button";
import { Empty, ErrorMessage, QueryState } from "../../../components/common/query-state";
import { locationNamer, useAllLocations } from "../../../hooks/api/locations";
import type { Order } from "../../../hooks/api/orders";
import { type Shipment, useCancelShipment, useDeliverShipment, useOrderShipments } from "../../../hooks/api/shipments";
import { formatDate } from "../../../lib/format";
import { fulfilmentWords, leftToShip, lineName, SHIPMENT_STATUS_LABEL } from "./fulfilment-words";
import { ShipItemsDialog } from "./ship-items-dialog";

function ShipmentItem(props: {
  shipment: Shipment;
  number: number;
  order: Order;
  from: string | null;
  busy: boolean;
  /** The order has a return: its shipments can no longer be canceled (the API's 409). */
  returned: boolean;
  onDeliver: () => void;
  onCancel: () => void;
}) {
  const { shipment: s, order } = props;
  const lines = new Map(order.line_items.map((l) => [l.id, l]));
  const headingId = `shipment-${s.id}`;
  const unitCount = s.items.reduce((n, i) => n + i.quantity, 0);
  return (
    <li className="shipment" aria-labelledby={headingId}>
      <div className="shipment-header">
        <h3 id={headingId}>Shipment {props.number}</h3>
        <span className={`badge shipment-${s.status}`}>{SHIPMENT_STATUS_LABEL[s.status]}</span>
      </div>
      <dl className="facts">
        <dt>Items</dt>
        <dd>
          <ul className="plain">
            {s.items.map((item) => {
              const line = lines.get(item.line_item_id);
              return (
                <li key={item.line_item_id}>
                  {item.quantity} × {line ? lineName(line) : (item.sku ?? item.variant_id)}
                </li>
              );
            })}
          </ul>
        </dd>
        <dt>Tracking</dt>
        <dd>
          {s.tracking.length === 0
            ? "None"
            : s.tracking.map((t) => (
                <span key={t.number} className="tracking">
                  {t.url ? (
                    <a href={t.url} target="_blank" rel="noreferrer">
                      {t.number}
                    </a>
                  ) : (
                    t.number
                  )}
                  {t.carrier && ` (${t.carrier})`}
                </span>
              ))}
        </dd>
        <dt>Shipped on</dt>
        <dd>
          {formatDate(s.shipped_at)}
          {props.from && ` from ${props.from}`}
        </dd>
        {s.delivered_at && (
          <>
            <dt>Delivered on</dt>
            <dd>{formatDate(s.delivered_at)}</dd>
          </>
        )}
      </dl>
      {s.status === "shipped" && (
        <div className="actions">
          <button type="button" disabled={props.busy} onClick={props.onDeliver}>
            Mark delivered
          </button>
          {props.returned ? (
            <span className="hint">It cannot be canceled: the order has a return.</span>
          ) : (
            <ConfirmButton
              title={`Cancel shipment ${props.number}?`}
              message={`Its ${unitCount} ${unitCount === 1 ? "unit is" : "units are"} to ship again, and the stock goes back to the locations it left.`}
              action="Cancel shipment"
              disabled={props.busy}
              onConfirm={props.onCancel}
            />
          )}
        </div>
      )}
    </li>
  );
}

export function OrderShipments({ order }: { order: Order }) {
  const shipments = useOrderShipments(order.id);
  const locations = useAllLocations();
  const namer = locationNamer(locations.data);
  const deliver = useDeliverShipment();
  const cancel = useCancelShipment();
  const [shipping, setShipping] = useState(false);
  const canShip = order.status === "paid" && order.line_items.some((l) => leftToShip(l) > 0);
  const busy = deliver.isPending || cancel.isPending;
  const returned = order.line_items.some((l) => l.returned_quantity > 0);
  const act = (run: () => void) => {
    deliver.reset();
    cancel.reset();
    run();
  };
  return (
    <section className="card" aria-labelledby="shipments-heading">
      <div className="section-header">
        <h2 id="shipments-heading">Shipments</h2>
        <div className="actions">
          {canShip && (
            <button type="button" className="primary" onClick={() => setShipping(true)}>
              Ship items
            </button>
          )}
        </div>
      </div>
      <p className="fulfilment-status">{fulfilmentWords(order)}</p>
      {order.status === "pending" && <p className="hint">An order ships once it is paid.</p>}
      <QueryState query={shipments}>
        {(list) =>
          list.length === 0 ? (
            <Empty>No shipments yet.</Empty>
          ) : (
            <ol className="shipments" aria-label="Shipments">
              {list.map((s, i) => (
                <ShipmentItem
                  key={s.id}
                  shipment={s}
                  number={i + 1}
                  order={order}
                  from={s.location_id ? namer(s.location_id, "another location") : null}
                  busy={busy}
                  returned={returned}
                  onDeliver={() => act(() => deliver.mutate(s.id))}
                  onCancel={() => act(() => cancel.mutate(s.id))}
                />
              ))}
            </ol>
          )
        }
      </QueryState>
      <ErrorMessage error={deliver.error ?? cancel.error} />
      {shipping && <ShipItemsDialog order={order} onClose={() => setShipping(false)} />}
    </section>
  );
}
