// Failures are one typed class carrying the problem+json body: status, code, errors[], request id.
import { describe, expect, it } from "vitest";
import { ApiProblem, createClient, isApiProblem } from "../src/index.js";
import { fakeFetch } from "./fake-fetch.js";

const call = async (response: Response) => {
  const { fetch } = fakeFetch([response]);
  const client = createClient({ baseUrl: "https://api.test", fetch, retry: { maxAttempts: 1 } });
  return client.bulkUpdateVariants({ path: { store_id: "s1" }, body: { updates: [{ sku: "NOPE", stock: 1 }] } }).catch((e: unknown) => e);
};

describe("errors as a typed problem+json class", () => {
  it("a 422 carries status, code, detail, errors[] and the request id", async () => {
    const body = {
      type: "about:blank",
      title: "Validation failed",
      status: 422,
      code: "validation_failed",
      detail: "updates.0.sku: no variant has this SKU",
      request_id: "0193-req",
      errors: [{ path: "updates.0.sku", message: "no variant has this SKU" }],
    };
    const error = await call(new Response(JSON.stringify(body), { status: 422, headers: { "Content-Type": "application/problem+json" } }));
    expect(error).toBeInstanceOf(ApiProblem);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ status: 422, code: "validation_failed", requestId: "0193-req", message: body.detail, errors: body.errors });
    expect((error as ApiProblem).fieldError("updates.0.sku")).toBe("no variant has this SKU");
    expect(isApiProblem(error, "validation_failed")).toBe(true);
    expect(isApiProblem(error, "not_found")).toBe(false);
  });

  it("a 403 names the missing permission", async () => {
    const body = { type: "about:blank", title: "Forbidden", status: 403, code: "forbidden", detail: "no", request_id: "r", missing_permission: "products.edit" };
    const error = await call(new Response(JSON.stringify(body), { status: 403, headers: { "Content-Type": "application/problem+json" } }));
    expect(error).toMatchObject({ status: 403, code: "forbidden", missingPermission: "products.edit", errors: [] });
  });

  it("an answer that is not problem+json (a proxy's page) is still an ApiProblem, code http_<status>, request id from the header", async () => {
    const error = await call(new Response("<html>Bad gateway</html>", { status: 502, headers: { "Content-Type": "text/html", "X-Request-Id": "edge-1" } }));
    expect(error).toMatchObject({ status: 502, code: "http_502", requestId: "edge-1", errors: [] });
  });
});
