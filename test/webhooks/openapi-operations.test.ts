// The OpenAPI document describes section 17 (docs/webhooks.md): the three new operations with their operationIds,
// the subscription's new fields, and the delivery a receiver gets with its Standard Webhooks headers.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";

describe("OpenAPI: webhook operations, fields and delivery headers", () => {
  it("documents rotate-secret, test and recover, the new fields, and the delivery's headers", async () => {
    const doc = (await call("GET", "/openapi.json")).body;
    const base = "/stores/{store_id}/webhooks/{id}";
    expect(doc.paths[`${base}/rotate-secret`].post.operationId).toBe("rotateWebhookSecret");
    expect(doc.paths[`${base}/test`].post.operationId).toBe("sendWebhookTest");
    expect(doc.paths[`${base}/recover`].post.operationId).toBe("recoverWebhookDeliveries");
    expect(Object.keys(doc.paths[`${base}/recover`].post.responses)).toEqual(expect.arrayContaining(["202", "409", "422"]));
    expect(Object.keys(doc.components.schemas.Webhook.properties)).toEqual(
      expect.arrayContaining(["previous_secret_expires_at", "disabled_reason", "disabled_at"]),
    );
    const delivery = doc.webhooks["products.created"].post;
    expect(doc.webhooks["webhook.test"].post.requestBody).toBeDefined();
    const headers = delivery.parameters.filter((p: any) => p.in === "header").map((p: any) => p.name);
    expect(headers).toEqual(expect.arrayContaining(["webhook-id", "webhook-timestamp", "webhook-signature", "X-Webhook-Signature"]));
    expect(Object.keys(delivery.responses)).toEqual(expect.arrayContaining(["200", "410"]));
  });
});
