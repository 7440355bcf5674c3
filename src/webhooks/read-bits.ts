// Webhook data follows the read permissions of what it carries (docs/api/13-security.md and docs/api/13b-holder-limits.md): a payload of
// `customers.*` holds customers' emails and phones, so reading one of its deliveries (payload and the receiver's
// answers) needs customers.read besides the webhook bit, and so does everything that decides where its data goes
// (`assertMayDirect`). Lists carry no payload.
import type { StoreCtx } from "../lib/context";
import { forbidden } from "../lib/errors";
import { EVENT_NAMES, type EventName } from "../events/names";
import { type Permission, has } from "../lib/permissions";

const READ_BIT_BY_PREFIX: Array<[string, Permission]> = [
  ["products.", "products.read"],
  ["product.image.", "products.read"],
  ["collections.", "products.read"],
  ["orders.", "orders.read"],
  ["shipments.", "orders.read"],
  ["returns.", "orders.read"],
  ["customers.", "customers.read"],
  ["customer_groups.", "customers.read"],
  ["price_lists.", "pricing.read"],
  ["prices.", "pricing.read"],
  ["user.", "members.read"],
  ["inventory.", "inventory.read"],
  // webhook.test (POST .../test) carries only the subscription's own id and URL.
  ["webhook.", "webhooks.read"],
];

/** The read bit an event's data needs. Every event name has one (a test walks EVENT_NAMES). */
export function readBitOf(event: EventName | string): Permission {
  const found = READ_BIT_BY_PREFIX.find(([prefix]) => event.startsWith(prefix));
  if (!found) throw new Error(`No read permission is defined for the event ${event}`);
  return found[1];
}

/**
 * The subscribable events by read bit, in this registry's order: each bit with the events it covers, a prefix covering
 * several as `prefix*` (`products.*`), one covering a single event by its name (`user.created`). Prefixes no
 * subscribable event has (`webhook.`) are left out. The one source of every sentence and table that says it.
 */
export function readBitGroups(): Array<{ bit: Permission; events: string[] }> {
  const names = Object.keys(EVENT_NAMES);
  const groups: Array<{ bit: Permission; events: string[] }> = [];
  for (const [prefix, bit] of READ_BIT_BY_PREFIX) {
    const covered = names.filter((name) => name.startsWith(prefix) && readBitOf(name) === bit);
    if (covered.length === 0) continue;
    const label = covered.length > 1 ? `${prefix}*` : covered[0];
    const group = groups.find((g) => g.bit === bit);
    if (group) group.events.push(label);
    else groups.push({ bit, events: [label] });
  }
  return groups;
}

const listed = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : items[0]);

/**
 * Every event's read bit in words, for the OpenAPI descriptions: "products.*, product.image.* and collections.*:
 * products.read; orders.*: orders.read; ...".
 */
export const readBitsInWords = () =>
  readBitGroups()
    .map(({ bit, events }) => `${listed(events)}: ${bit}`)
    .join("; ");

/** 403 naming the first read bit the caller lacks among `events`' (in their order). */
export function assertMayReadEvents(ctx: StoreCtx, events: readonly string[], doing: string) {
  for (const event of events) {
    const bit = readBitOf(event);
    if (!has(ctx.store.permissions, bit)) {
      throw forbidden(`${doing} ${event} needs the ${bit} permission, since its data is ${bit.split(".")[0]} data`, bit);
    }
  }
}

/**
 * The one rule for where an event's data goes: registering a subscription, pointing it elsewhere (PATCH `url` or
 * `secret`), rotating its secret, sending it a test, recovering or replaying its deliveries all need the read bit of
 * every event concerned (the route's own webhook bit is checked before). 403 naming the first missing bit; nothing
 * changes. Turning a subscription on or off (`active` alone) directs nothing and does not come here.
 */
export const assertMayDirect = (ctx: StoreCtx, events: readonly string[], doing: string) => assertMayReadEvents(ctx, events, doing);
