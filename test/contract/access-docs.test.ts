// OpenAPI documents what docs/api/11-limits-retries-sessions.md added: POST /logout, the Idempotency-Key header (accepted or refused),
// Idempotent-Replayed on success, Retry-After on 429, and the 409/422 answers of a key.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";

const ACCEPTING = [
  "/stores",
  "/stores/{store_id}/products",
  "/stores/{store_id}/products/{id}/publish",
  "/stores/{store_id}/products/{id}/unpublish",
  "/stores/{store_id}/products/{id}/variants",
  "/stores/{store_id}/products/{id}/reviews",
  "/stores/{store_id}/products/{id}/images",
  "/stores/{store_id}/products/{id}/images/associate",
  "/stores/{store_id}/products/{id}/videos",
  "/stores/{store_id}/media",
  "/stores/{store_id}/customers",
  "/stores/{store_id}/orders",
  "/stores/{store_id}/orders/{id}/transitions",
  "/stores/{store_id}/orders/{id}/refunds",
  "/stores/{store_id}/webhooks",
  "/stores/{store_id}/webhooks/{id}/deliveries/{delivery_id}/replay",
];
const REFUSING = [
  "/users",
  "/login",
  "/invites/accept",
  "/stores/{store_id}/api-tokens",
  "/stores/{store_id}/api-tokens/{token_id}/rotate",
  "/stores/{store_id}/invites",
];

describe("OpenAPI documents the abuse limits, idempotency keys and logout", () => {
  it("every change-making POST documents Idempotency-Key, Idempotent-Replayed, 409 and 422; the six others refuse it", async () => {
    const { paths } = (await call("GET", "/openapi.json")).body;
    for (const path of ACCEPTING) {
      const op = paths[path]?.post;
      expect(op, path).toBeDefined();
      expect(
        op.parameters.map((p: any) => p.name),
        path,
      ).toContain("Idempotency-Key");
      const success = Object.entries(op.responses).find(([status]) => status.startsWith("2"))![1] as any;
      expect(success.headers?.["Idempotent-Replayed"], path).toBeDefined();
      expect(op.responses["409"].description, path).toMatch(/request_in_progress/);
      expect(op.responses["422"].description, path).toMatch(/idempotency_key_reused/);
    }
    for (const path of REFUSING) {
      const header = paths[path].post.parameters.find((p: any) => p.name === "Idempotency-Key");
      expect(header?.description, path).toMatch(/Not accepted/);
    }
  });

  it("429 with Retry-After on the limited routes; POST /logout with its optional body and 204", async () => {
    const { paths } = (await call("GET", "/openapi.json")).body;
    for (const [path, method] of [
      ["/login", "post"],
      ["/users", "post"],
      ["/me", "get"],
      ["/stores/{store_id}/products", "get"],
    ]) {
      expect(paths[path][method].responses["429"].headers["Retry-After"], path).toBeDefined();
    }
    const logout = paths["/logout"].post;
    expect(Object.keys(logout.responses)).toEqual(expect.arrayContaining(["204", "401", "403", "429"]));
    expect(logout.requestBody.required).toBe(false);
  });
});
