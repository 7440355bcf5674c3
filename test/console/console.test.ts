// The console and /docs as served by the Worker (docs/admin.md "Where it lives"). vitest.config.ts points the ASSETS
// binding at test/console/fixture-assets, a stand-in for `npm run build`'s output, so these rules hold on a fresh
// clone; the real build is exercised in a browser by `npm run test:ui`.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";

const html = { Accept: "text/html,application/xhtml+xml" };

describe("GET / redirects (302) to the console at /admin/", () => {
  it("answers 302 with Location /admin/", async () => {
    // The test helper follows redirects; this asks for the redirect itself.
    const res = await exports.default.fetch(new Request("http://api.test/", { headers: html, redirect: "manual" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/");
  });
});

describe("the console is served at /admin/ and deep links survive a reload", () => {
  it("serves the shell at /admin/", async () => {
    const res = await call("GET", "/admin/", { headers: html });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(res.text).toContain("fixture console shell");
  });

  it("serves the same shell for a client-side route such as /admin/products/<id>", async () => {
    const res = await call("GET", "/admin/products/0190a7d2-0000-7000-8000-000000000000", { headers: html });
    expect(res.status).toBe(200);
    expect(res.text).toContain("fixture console shell");
    expect(res.headers.get("Cache-Control")).toBe("no-cache");
  });

  it("serves hashed scripts as immutable, and a missing file is a 404, not the shell", async () => {
    const script = await call("GET", "/admin/assets/app-0000.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("Cache-Control")).toContain("immutable");
    const missing = await call("GET", "/admin/assets/nope-1234.js");
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain("fixture console shell");
  });
});

describe("API paths keep their problem+json answers, also for a browser tab", () => {
  it("an unknown path asked for as HTML is a problem+json 404", async () => {
    const res = await call("GET", "/products/nowhere", { headers: html });
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toMatch(/application\/problem\+json/);
    expect(res.body.code).toBe("not_found");
  });

  it("an API path asked for as HTML without a token is a problem+json 401", async () => {
    const res = await call("GET", "/me", { headers: html });
    expect(res.status).toBe(401);
    expect(res.headers.get("Content-Type")).toMatch(/application\/problem\+json/);
  });
});

describe("security headers on the console and /docs: CSP without inline scripts, frame-ancestors 'none'", () => {
  for (const path of ["/admin/", "/admin/webhooks", "/docs"]) {
    it(`${path} sends a CSP with script-src 'self' only and frame-ancestors 'none'`, async () => {
      const res = await call("GET", path, { headers: html });
      expect(res.status).toBe(200);
      const csp = res.headers.get("Content-Security-Policy") ?? "";
      const scriptSrc = csp
        .split(";")
        .map((d) => d.trim())
        .find((d) => d.startsWith("script-src"));
      expect(scriptSrc).toBe("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self'");
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    });
  }
});

describe("/docs works offline: the reference script comes from the Worker's own assets", () => {
  it("the page loads only same-origin scripts, and has no inline script", async () => {
    const res = await call("GET", "/docs");
    const sources = [...res.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(sources.length).toBeGreaterThan(0);
    for (const [, attrs, body] of sources) {
      expect(attrs).toMatch(/src="\/docs\/[a-z-]+\.js"/);
      expect(body.trim()).toBe("");
    }
    expect(res.text).not.toMatch(/https?:\/\//);
  });

  it("serves the script it names, and a missing docs file is a problem+json 404", async () => {
    const script = await call("GET", "/docs/scalar.js");
    expect(script.status).toBe(200);
    expect(script.text).toContain("fixtureScalar");
    const missing = await call("GET", "/docs/missing.js");
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("not_found");
  });
});
