// The store's event log (docs/api/22-event-log.md): one row per event, newest first (the API's `order=desc`) — sequence,
// event, time (to the second, in the store's time zone), resource id — filtered by "Event type" (a name from
// GET /webhook-events, or a prefix such as "products.*") and "Resource id", both in the URL with the page's cursors
// (CursorPager, as the products list and the inventory screens page). "Payload" on a row opens the event's JSON.
import { useState } from "react";
import { CursorPager } from "../../components/common/cursor-pager";
import { DataTable } from "../../components/common/data-table";
import { Dialog } from "../../components/common/dialog";
import { ListSearch, ListSelect } from "../../components/common/list-filters";
import { useListParams } from "../../components/common/list-params";
import { PageHeader } from "../../components/common/page-header";
import { type StoreEvent, useEventLog } from "../../hooks/api/events";
import { useWebhookEvents } from "../../hooks/api/permissions";
import { displayTimeZone, formatDateTimeSeconds, useDisplay } from "../../lib/format";

function typeOptions(names: string[]) {
  const prefixes = [...new Set(names.map((n) => n.split(".")[0]))].filter((p) => names.filter((n) => n.startsWith(`${p}.`)).length > 1);
  const options: Array<readonly [string, string]> = [["", "All events"]];
  for (const p of prefixes.sort()) options.push([`${p}.*`, `${p}.* (all ${p} events)`]);
  for (const n of [...names].sort()) options.push([n, n]);
  return options;
}

const resourceId = (e: StoreEvent) => {
  const id = (e.data as { id?: unknown } | null)?.id;
  return typeof id === "string" ? id : "";
};

export default function EventLog() {
  useDisplay();
  const list = useListParams({ type: "", resource_id: "" });
  const { type, resource_id: resource } = list.values;
  const log = useEventLog({ type: type || undefined, resource_id: resource.trim() || undefined, cursor: list.pages.cursor });
  const names = useWebhookEvents();
  const [open, setOpen] = useState<StoreEvent | null>(null);
  return (
    <section>
      <PageHeader title="Events" />
      <p className="hint">Newest first. The events your permissions let you read; times are in {displayTimeZone()}.</p>
      <DataTable
        label="Events"
        query={log}
        rowKey={(e) => e.id}
        empty={type || resource ? "No events match these filters." : "No events yet."}
        columns={[
          { key: "sequence", header: "Sequence", cell: (e: StoreEvent) => e.sequence },
          { key: "event", header: "Event", cell: (e: StoreEvent) => e.event },
          { key: "time", header: "Time", cell: (e: StoreEvent) => <time dateTime={e.created_at}>{formatDateTimeSeconds(e.created_at)}</time> },
          { key: "resource", header: "Resource id", cell: (e: StoreEvent) => <code>{resourceId(e)}</code> },
          {
            key: "payload",
            header: "Payload",
            cell: (e: StoreEvent) => (
              <button type="button" aria-label={`Payload of event ${e.sequence}`} onClick={() => setOpen(e)}>
                Payload
              </button>
            ),
          },
        ]}
        toolbar={
          <>
            <ListSelect list={list} name="type" label="Event type" options={typeOptions((names.data?.data ?? []).map((n) => n.name))} />
            <ListSearch list={list} name="resource_id" label="Resource id" placeholder="Resource id" />
          </>
        }
        pager={<CursorPager pagination={log.data?.pagination} pages={list.pages} shown={log.data?.data.length ?? 0} busy={log.isPlaceholderData} />}
      />
      <Dialog title={open ? `Event ${open.sequence}: ${open.event}` : "Event"} open={open !== null} onClose={() => setOpen(null)}>
        {open && (
          <pre className="code" tabIndex={0} role="region" aria-label="Payload">
            {JSON.stringify(open, null, 2)}
          </pre>
        )}
        <div className="actions">
          <button type="button" onClick={() => setOpen(null)}>
            Close
          </button>
        </div>
      </Dialog>
    </section>
  );
}
