// The audit actions are one registry (src/audit/actions.ts): `auditEntry` takes only these (a type), and the OpenAPI
// document publishes them as the enum of the audit log's `action` field and filter, which the console's words are
// typed against (admin/src/lib/audit-words.ts: a missing word fails `npm run typecheck`).
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "../../src/audit/actions";
import { call } from "../helpers/api";

describe("the audit actions' registry is published", () => {
  it("as the enum of AuditEntry.action and of the list's `action` filter", async () => {
    const doc = (await call("GET", "/openapi.json")).body;
    expect(doc.components.schemas.AuditEntry.properties.action.enum).toEqual([...AUDIT_ACTIONS]);
    const filter = doc.paths["/stores/{store_id}/audit-log"].get.parameters.find((p: { name: string }) => p.name === "action");
    expect(filter.schema.enum).toEqual([...AUDIT_ACTIONS]);
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });
});
