// The order page's "Returns" (docs/api/25-shipments.md), shown once the order has shipped units: "Record return" while
// some shipped unit has not come back, and each return, oldest first: when, its items (how many of which line, and
// whether they were restocked and where), its reason and note.
import { useState } from "react";
import { Empty, QueryState } from "../../../components/common/query-state";
import { locationNamer, useAllLocations } from "../../../hooks/api/locations";
import type { Order } from "../../../hooks/api/orders";
import { useOrderReturns } from "../../../hooks/api/returns";
import { formatDate } from "../../../lib/format";
import { lineName, returnable } from "./fulfilment-words";
import { ReturnDialog } from "./return-dialog";

export function OrderReturns({ order }: { order: Order }) {
  const shown = order.line_items.some((l) => l.fulfilled_quantity > 0 || l.returned_quantity > 0);
  const returns = useOrderReturns(order.id, shown);
  const locations = useAllLocations();
  const namer = locationNamer(locations.data);
  const [recording, setRecording] = useState(false);
  const lines = new Map(order.line_items.map((l) => [l.id, l]));
  const canReturn = order.line_items.some((l) => returnable(l) > 0);
  if (!shown) return null;
  return (
    <section className="card" aria-labelledby="returns-heading">
      <div className="section-header">
        <h2 id="returns-heading">Returns</h2>
        <div className="actions">
          {canReturn && (
            <button type="button" onClick={() => setRecording(true)}>
              Record return
            </button>
          )}
        </div>
      </div>
      <QueryState query={returns}>
        {(list) =>
          list.length === 0 ? (
            <Empty>No returns yet.</Empty>
          ) : (
            <ol className="shipments" aria-label="Returns">
              {list.map((r, i) => (
                <li key={r.id} className="shipment" aria-labelledby={`return-${r.id}`}>
                  <div className="shipment-header">
                    <h3 id={`return-${r.id}`}>Return {i + 1}</h3>
                    <span className="hint">{formatDate(r.created_at)}</span>
                  </div>
                  <dl className="facts">
                    <dt>Items</dt>
                    <dd>
                      <ul className="plain">
                        {r.items.map((item) => {
                          const line = lines.get(item.line_item_id);
                          const where = item.restock
                            ? `restocked${item.location_id ? ` at ${namer(item.location_id, "another location")}` : ""}`
                            : "not restocked";
                          return (
                            <li key={item.line_item_id}>
                              {item.quantity} × {line ? lineName(line) : (item.sku ?? item.variant_id)}, {where}
                            </li>
                          );
                        })}
                      </ul>
                    </dd>
                    <dt>Reason</dt>
                    <dd>{r.reason ?? "None given"}</dd>
                    {r.note && (
                      <>
                        <dt>Note</dt>
                        <dd>{r.note}</dd>
                      </>
                    )}
                  </dl>
                </li>
              ))}
            </ol>
          )
        }
      </QueryState>
      {recording && <ReturnDialog order={order} onClose={() => setRecording(false)} />}
    </section>
  );
}
