// One endpoint (subscription): tabs "Settings" and "Deliveries" (Hookdeck Outpost's destination scene).
// /webhooks/:id/deliveries/:deliveryId opens the Deliveries tab on that delivery.
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { PageHeader } from "../../../components/common/page-header";
import { QueryState } from "../../../components/common/query-state";
import { leaveThen } from "../../../components/common/unsaved-changes";
import { useWebhook } from "../../../hooks/api/webhooks";
import { Health } from "../webhook-list/webhook-list";
import { DeliveriesTab } from "./components/deliveries-tab";
import { DisabledNotice } from "./components/operations";
import { SettingsTab } from "./components/settings-tab";

const TABS = ["Settings", "Deliveries"] as const;

export default function WebhookDetail() {
  const { id = "", deliveryId } = useParams();
  const webhook = useWebhook(id);
  const navigate = useNavigate();
  const [tab, setTab] = useState<(typeof TABS)[number]>(deliveryId ? "Deliveries" : "Settings");
  // The Settings tab's forms go when another tab shows: unsaved edits there are asked about first.
  const select = (next: (typeof TABS)[number]) => {
    if (next === tab && !(next === "Settings" && deliveryId)) return;
    leaveThen(() => {
      setTab(next);
      if (next === "Settings" && deliveryId) navigate(`/webhooks/${id}`);
    });
  };
  return (
    <QueryState query={webhook}>
      {(w) => (
        <article>
          <PageHeader title={w.url} />
          <p>
            Event <code>{w.event}</code> · <Health webhook={w} />
          </p>
          <DisabledNotice webhook={w} />
          <div role="tablist" aria-label="Endpoint">
            {TABS.map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                id={`tab-${t}`}
                aria-selected={tab === t}
                aria-controls={`panel-${t}`}
                tabIndex={tab === t ? 0 : -1}
                onClick={() => select(t)}
                onKeyDown={(e) => {
                  if (e.key === "ArrowRight" || e.key === "ArrowLeft") select(t === "Settings" ? "Deliveries" : "Settings");
                }}
              >
                {t}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tabpanel">
            {tab === "Settings" ? <SettingsTab webhook={w} /> : <DeliveriesTab webhookId={w.id} deliveryId={deliveryId} />}
          </div>
        </article>
      )}
    </QueryState>
  );
}
