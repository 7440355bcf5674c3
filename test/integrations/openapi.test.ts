// docs/api/16-integrations.md in the OpenAPI document: the six operations with their operationIds and permissions, the
// record's fields, the audit entry's attribution and GET /me's integration answer.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";

describe("the OpenAPI document describes integrations: operations, record, audit attribution, GET /me", () => {
  it("/openapi.json has the six operations, their bits, statuses and schemas", async () => {
    const doc = (await call("GET", "/openapi.json")).body;
    const ops: Record<string, { method: string; path: string; op: any }> = {};
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) if (op?.operationId) ops[op.operationId] = { method, path, op };
    }
    const expected: Array<[string, string, string, string, string]> = [
      ["createIntegration", "post", "/stores/{store_id}/integrations", "integrations.manage", "201"],
      ["listIntegrations", "get", "/stores/{store_id}/integrations", "integrations.read", "200"],
      ["getIntegration", "get", "/stores/{store_id}/integrations/{integration_id}", "integrations.read", "200"],
      ["updateIntegration", "patch", "/stores/{store_id}/integrations/{integration_id}", "integrations.manage", "200"],
      ["rotateIntegration", "post", "/stores/{store_id}/integrations/{integration_id}/rotate", "integrations.manage", "200"],
      ["deleteIntegration", "delete", "/stores/{store_id}/integrations/{integration_id}", "integrations.manage", "204"],
    ];
    for (const [id, method, path, bit, status] of expected) {
      expect(ops[id], id).toMatchObject({ method, path });
      expect(ops[id].op["x-required-permission"], id).toBe(bit);
      expect(Object.keys(ops[id].op.responses), id).toEqual(expect.arrayContaining([status, "401", "403"]));
    }
    const record = doc.components.schemas.Integration;
    expect(Object.keys(record.properties).sort()).toEqual(
      [
        "id",
        "store_id",
        "name",
        "description",
        "scopes",
        "scope_names",
        "prefix",
        "created_by",
        "created_at",
        "last_used_at",
        "rotated_at",
        "previous_expires_at",
        "rotation_recommended",
        "rotation_recommended_reason",
        "api_version",
      ].sort(),
    );
    expect(doc.components.schemas.RotateIntegrationRequest.properties.previous_expires_in).toMatchObject({ minimum: 0, maximum: 604800 });
    expect(doc.components.schemas.AuditEntry.properties).toHaveProperty("integration_id");
    expect(doc.components.schemas.AuditEntry.properties).toHaveProperty("integration_name");
    expect(doc.components.schemas.IntegrationMe.properties.kind).toMatchObject({ enum: ["integration"] });
    const permissions = (await call("GET", "/permissions")).body.data.map((p: { name: string; bit: number }) => [p.name, p.bit]);
    expect(permissions).toEqual(
      expect.arrayContaining([
        ["integrations.read", 17],
        ["integrations.manage", 18],
        ["store.manage", 19],
      ]),
    );
  });
});
