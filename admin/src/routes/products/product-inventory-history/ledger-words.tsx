// The inventory ledger's columns in words: when (to the second, in the store's time zone), who (a teammate by name and
// email, through a token, an integration by name), where (the location's name), the change, the reason, the
// reference and the order it belongs to (a link).
import { Link } from "react-router";
import type { Column } from "../../../components/common/data-table";
import type { LedgerEntry } from "../../../hooks/api/inventory";
import { changeWords, entryReason } from "../../../lib/inventory-words";
import { formatDateTimeSeconds, orderName } from "../../../lib/format";

export interface Namers {
  /** A teammate's "Name (email)" by user id, when the members could be read. */
  person: (userId: string) => string | undefined;
  /** Who a user id not among the members is: "A former member", or "A teammate" when the members could not be read. */
  unknownPerson: string;
  integration: (id: string) => string | undefined;
  location: (id: string, code: string) => string;
}

export function actorWords(actor: LedgerEntry["actor"], names: Namers): string {
  if (actor.integration_id) return `Integration ${names.integration(actor.integration_id) ?? actor.integration_id.slice(0, 8)}`;
  if (actor.user_id) {
    const person = names.person(actor.user_id) ?? names.unknownPerson;
    return actor.token_id ? `${person}, with an access token` : person;
  }
  // The opening balance, written when locations arrived.
  return "The system";
}

export function ledgerColumns(names: Namers): Column<LedgerEntry>[] {
  return [
    { key: "when", header: "When", cell: (e) => <time dateTime={e.created_at}>{formatDateTimeSeconds(e.created_at)}</time> },
    { key: "who", header: "Who", cell: (e) => actorWords(e.actor, names) },
    { key: "where", header: "Where", cell: (e) => names.location(e.location_id, e.location_code) },
    { key: "change", header: "Change", cell: (e) => changeWords(e) },
    { key: "reason", header: "Reason", cell: (e) => entryReason(e) },
    { key: "reference", header: "Reference", cell: (e) => (e.reason === "stock_write" ? "—" : (e.reference ?? "—")) },
    { key: "order", header: "Order", cell: (e) => (e.order_id ? <Link to={`/orders/${e.order_id}`}>{orderName(e.order_id)}</Link> : "—") },
  ];
}
