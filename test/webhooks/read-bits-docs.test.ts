// Which read bit each webhook event's data needs is written once, in src/webhooks/read-bits.ts: docs/webhooks.md's
// events table is generated from it (`npm run docs:events`), and so are the OpenAPI descriptions that name the bits.
import { describe, expect, it } from "vitest";
import doc from "../../docs/webhooks.md?raw";
import { EVENT_NAMES } from "../../src/events/names";
import { withEventsTable } from "../../src/webhooks/events-doc";
import { readBitGroups, readBitOf, readBitsInWords } from "../../src/webhooks/read-bits";
import { call } from "../helpers/api";

describe("the read bits are written once, in src/webhooks/read-bits.ts", () => {
  it("docs/webhooks.md's events table is the registries' (else: npm run docs:events)", () => {
    expect(doc).toBe(withEventsTable(doc));
    for (const name of Object.keys(EVENT_NAMES)) expect(doc).toContain(`| \`${name}\` | `);
  });

  it("the groups cover every event once, each with its own bit", () => {
    const covered = readBitGroups().flatMap(({ bit, events }) =>
      events.flatMap((label) =>
        Object.keys(EVENT_NAMES)
          .filter((name) => (label.endsWith("*") ? name.startsWith(label.slice(0, -1)) : name === label))
          .map((name) => [name, bit]),
      ),
    );
    expect(Object.fromEntries(covered)).toEqual(Object.fromEntries(Object.keys(EVENT_NAMES).map((name) => [name, readBitOf(name)])));
    expect(covered).toHaveLength(Object.keys(EVENT_NAMES).length);
    expect(readBitsInWords()).toContain("inventory.updated: inventory.read");
  });

  it("the OpenAPI descriptions that name the bits say the registry's words, inventory.* included", async () => {
    const { paths } = (await call("GET", "/openapi.json")).body;
    const words = readBitsInWords();
    for (const op of [
      paths["/stores/{store_id}/webhooks"].post,
      paths["/stores/{store_id}/webhooks/{id}/deliveries/{delivery_id}"].get,
      paths["/stores/{store_id}/events"].get,
    ]) {
      expect(op.description, op.operationId).toContain(`(${words})`);
    }
  });
});
