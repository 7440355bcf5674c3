// The route groups loaded on first use (src/routes.ts, issue 50): every route a group registers can only match paths
// whose key the group names, so an app holding the groups a request's path names routes it as the app with every
// group does; and the Worker's lazily built app serves the same OpenAPI document as createApp().
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { buildApp, createApp, createLazyApp } from "../../src/app";
import { ALL_GROUPS, ROUTE_GROUPS, groupsFor, loadGroups, routeKey } from "../../src/routes";

const routesOf = (app: ReturnType<typeof buildApp>) => app.routes.map((r) => `${r.method} ${r.path}`);
const core = new Set(routesOf(buildApp([])));
const registers = await loadGroups(ALL_GROUPS);

describe("route groups", () => {
  it.each(ROUTE_GROUPS.map((group, i) => [group.name, i] as const))("%s: each route's path has a key the group names", (_name, i) => {
    const group = ROUTE_GROUPS[i];
    const own = buildApp([registers[i]]).routes.filter((r) => !core.has(`${r.method} ${r.path}`));
    expect(own.length).toBeGreaterThan(0);
    const keys = new Set<string>();
    for (const route of own) {
      const key = routeKey(route.path);
      // A parameter or wildcard where the key is read would match paths of any key.
      expect(key, `${route.method} ${route.path}`).toMatch(/^(stores\/\*\/)?[^:{*/]+$/);
      expect(group.keys, `${route.method} ${route.path}`).toContain(key);
      keys.add(key);
    }
    // And no key is left over from a route since moved or removed (it would only load the group for nothing).
    expect([...keys].sort()).toEqual([...group.keys].sort());
  });

  it("the app's own routes (document, console) need no group, and the document needs every group", () => {
    for (const route of core) expect(groupsFor(route.split(" ")[1]), route).toBe(route.endsWith(" /openapi.json") ? ALL_GROUPS : 0);
  });

  it("a path's key is read as Hono reads the path", () => {
    expect(routeKey("/stores/abc/products/def/variants")).toBe("stores/*/products");
    expect(routeKey("/stores/abc")).toBe("stores");
    expect(routeKey("/stores")).toBe("stores");
    expect(routeKey("/login")).toBe("login");
    expect(routeKey("/")).toBe("");
    expect(groupsFor("/stores/abc/products")).toBe(groupsFor("/stores/{store_id}/products/{id}"));
  });

  it("the lazily built app serves createApp()'s OpenAPI document, byte for byte", async () => {
    const full = await (await createApp()).request("/openapi.json", {}, env);
    const lazy = createLazyApp();
    // A few groups first, as an isolate would load them, then the document.
    for (const path of ["/stores/x/products", "/login", "/versions", "/nowhere"]) {
      const ctx = createExecutionContext();
      await lazy.fetch(new Request(`http://api.test${path}`), env, ctx);
      await waitOnExecutionContext(ctx);
    }
    const ctx = createExecutionContext();
    const served = await lazy.fetch(new Request("http://api.test/openapi.json"), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe(await full.text());
  });
});
