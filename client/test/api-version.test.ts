// The client sends the API version it was generated from (docs/api-versions.md), so a newer API never changes what
// an application built on this package receives until the package is upgraded; a caller may pin another.
import { describe, expect, it } from "vitest";
import { apiVersion, createClient } from "../src/index.js";
import { fakeFetch, json } from "./fake-fetch.js";

describe("Api-Version on every request", () => {
  it("the generated version by default; the caller's when given", async () => {
    expect(apiVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const { fetch, sent } = fakeFetch([json(200, { data: [] })]);
    await createClient({ baseUrl: "https://api.test", fetch }).listApiVersions();
    await createClient({ baseUrl: "https://api.test", fetch, apiVersion: "2026-11-27" }).listApiVersions();
    expect(sent.map((r) => r.headers.get("Api-Version"))).toEqual([apiVersion, "2026-11-27"]);
  });
});
