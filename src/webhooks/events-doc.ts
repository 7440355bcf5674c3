// The events table of docs/webhooks.md ("Events and their read bits"), generated from the registries: each event's
// name and meaning (src/events/names.ts) and the read bit of its data (./read-bits.ts). `npm run docs:events` writes
// it between the markers; test/webhooks/read-bits-docs.test.ts fails when the document and the registries disagree.
import { EVENT_NAMES } from "../events/names";
import { readBitOf } from "./read-bits";

export const EVENTS_TABLE_START = "<!-- events table: `npm run docs:events` writes it from src/events/names.ts and src/webhooks/read-bits.ts -->";
export const EVENTS_TABLE_END = "<!-- end of the events table -->";

const cell = (text: string) => text.replaceAll("|", "\\|");

/** Every subscribable event, in the registry's order, with what it means and the read bit its data needs. */
export function eventsTable(): string {
  const rows = Object.entries(EVENT_NAMES).map(([name, meaning]) => `| \`${name}\` | ${cell(meaning)} | \`${readBitOf(name)}\` |`);
  return ["| Event | What happened | Read bit |", "|---|---|---|", ...rows].join("\n");
}

/** `document` with the text between the markers replaced by the table. Throws when the markers are missing. */
export function withEventsTable(document: string): string {
  const start = document.indexOf(EVENTS_TABLE_START);
  const end = document.indexOf(EVENTS_TABLE_END);
  if (start < 0 || end < start) throw new Error(`The document has no "${EVENTS_TABLE_START}" ... "${EVENTS_TABLE_END}" markers`);
  return `${document.slice(0, start + EVENTS_TABLE_START.length)}\n${eventsTable()}\n${document.slice(end)}`;
}
