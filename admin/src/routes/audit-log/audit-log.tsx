// The audit log as people read it: who (display name and email as they were then; a token's name with its user; an
// integration), what (the action in words), on what (a link while it exists), when (to the second, in the store's
// time zone). Filters "Actor", "Action" and a date range ("From", "To"), all in the URL.
import { Link } from "react-router";
import { DataTable } from "../../components/common/data-table";
import { ListSelect } from "../../components/common/list-filters";
import { useListParams } from "../../components/common/list-params";
import { PageHeader } from "../../components/common/page-header";
import { useAuditLog } from "../../hooks/api/audit";
import { useAllMembers } from "../../hooks/api/team";
import type { components } from "../../lib/api-schema";
import { ACTION_WORDS, actionLabel, actionWords, resourceName, resourcePath, zonedDayBound } from "../../lib/audit-words";
import { displayTimeZone, formatDateTimeSeconds, useDisplay } from "../../lib/format";

type Entry = components["schemas"]["AuditEntry"];

const INTEGRATION = "integration:";

function Actor({ e }: { e: Entry }) {
  if (e.integration_id) return <>Integration {e.integration_name ?? e.integration_id.slice(0, 8)}</>;
  const person = e.actor_name ? (
    <>
      {e.actor_name} <span className="hint">({e.actor_email})</span>
    </>
  ) : (
    <>a former member</>
  );
  return e.token_name ? (
    <>
      Token “{e.token_name}” of {person}
    </>
  ) : (
    person
  );
}

function Resource({ e, gone }: { e: Entry; gone: boolean }) {
  const path = resourcePath(e.resource_type, e.resource_id);
  const name = `${resourceName(e.resource_type)} ${e.resource_id.slice(0, 8)}`;
  return path && !gone ? (
    <Link to={path}>{name}</Link>
  ) : (
    <>
      {name}
      {gone ? " (deleted)" : ""}
    </>
  );
}

const ACTION_OPTIONS = [["", "All actions"], ...Object.keys(ACTION_WORDS).map((a) => [a, actionLabel(a)] as const)] as const;

function DateField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <label className="field inline">
      {label}
      <input type="date" value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

export default function AuditLog() {
  useDisplay();
  const list = useListParams({ actor: "", action: "", from: "", to: "" });
  const zone = displayTimeZone();
  const { actor, action, from, to } = list.values;
  const log = useAuditLog({
    offset: list.offset,
    // An integration is an actor too: its option's value is "integration:<id>".
    actor_user_id: actor && !actor.startsWith(INTEGRATION) ? actor : undefined,
    integration_id: actor?.startsWith(INTEGRATION) ? actor.slice(INTEGRATION.length) : undefined,
    action: action || undefined,
    since: from ? zonedDayBound(from, zone) : undefined,
    until: to ? zonedDayBound(to, zone, true) : undefined,
  });
  // The actors to filter by: the current members (with members.read), and whoever appears on this page.
  const members = useAllMembers();
  const actors = new Map<string, string>();
  for (const m of members.data ?? []) actors.set(m.user_id, `${m.name} (${m.email})`);
  for (const e of log.data?.data ?? []) {
    if (e.user_id && e.actor_name && !actors.has(e.user_id)) actors.set(e.user_id, `${e.actor_name} (${e.actor_email})`);
    if (e.integration_id) actors.set(`${INTEGRATION}${e.integration_id}`, `Integration ${e.integration_name ?? e.integration_id.slice(0, 8)}`);
  }
  const deleted = new Set((log.data?.data ?? []).filter((e) => e.action.endsWith(".delete") || e.action === "token.revoke").map((e) => e.resource_id));
  return (
    <section>
      <PageHeader title="Audit log" />
      <DataTable
        label="Audit log"
        query={log}
        onOffset={list.setOffset}
        rowKey={(e) => e.id}
        empty={actor || action || from || to ? "Nothing matches these filters." : "Nothing recorded yet."}
        columns={[
          { key: "time", header: "Time", cell: (e: Entry) => <time dateTime={e.created_at}>{formatDateTimeSeconds(e.created_at)}</time> },
          { key: "actor", header: "Who", cell: (e: Entry) => <Actor e={e} /> },
          { key: "action", header: "Action", cell: (e: Entry) => actionWords(e.action) },
          { key: "resource", header: "Resource", cell: (e: Entry) => <Resource e={e} gone={deleted.has(e.resource_id)} /> },
        ]}
        toolbar={
          <>
            <ListSelect list={list} name="actor" label="Actor" options={[["", "Everyone"], ...actors]} />
            <ListSelect list={list} name="action" label="Action" options={ACTION_OPTIONS} />
            <DateField label="From" value={from} onChange={(v) => list.set("from", v)} />
            <DateField label="To" value={to} onChange={(v) => list.set("to", v)} />
          </>
        }
      />
    </section>
  );
}
