// Every domain's routes, as groups loaded on first use (issue 50, docs/performance.md "The weight budget"). A group's
// module builds its zod schemas when it is evaluated, so the Worker loads and registers a group only when a request
// may match one of its routes: a request to /stores/{id}/products builds the catalog's (and the few groups that share
// its prefix), never the orders'. GET /openapi.json needs them all.
//
// The order of ROUTE_GROUPS is the order of registration, and an app holding any subset of the groups registers them
// in this order (src/app.ts), so the routes that can match a request are tried in the same order as in the app with
// every group, and the OpenAPI document lists them as before. Which groups a request may need is told by `keys`: the
// first segment of every path the group registers, or `stores/*/<third segment>` under /stores/{store_id}/;
// test/contract/route-groups.test.ts checks, route by route, that each group names every key its routes can match.
import type { App } from "./lib/route";

export type RegisterRoutes = (app: App) => void;

interface RouteGroup {
  name: string;
  keys: readonly string[];
  load: () => Promise<RegisterRoutes>;
}

export const ROUTE_GROUPS: readonly RouteGroup[] = [
  {
    name: "identity",
    keys: ["users", "login", "logout", "me", "permissions", "stores", "stores/*/members", "stores/*/invites", "invites"],
    load: () => import("./identity").then((m) => m.registerIdentityRoutes),
  },
  { name: "tokens", keys: ["stores/*/api-tokens"], load: () => import("./tokens").then((m) => m.registerTokenRoutes) },
  { name: "integrations", keys: ["stores/*/integrations"], load: () => import("./integrations").then((m) => m.registerIntegrationRoutes) },
  { name: "audit", keys: ["stores/*/audit-log"], load: () => import("./audit").then((m) => m.registerAuditRoutes) },
  { name: "media", keys: ["stores/*/media", "media"], load: () => import("./media").then((m) => m.registerMediaRoutes) },
  // The gallery's routes right after the library's, as when they were one module (the document's order is kept).
  {
    name: "gallery",
    keys: ["stores/*/products"],
    load: () => import("./products/gallery/gallery.routes").then((m) => m.registerGalleryRoutes),
  },
  {
    name: "webhooks",
    keys: ["stores/*/webhooks", "stores/*/webhook-deliveries", "webhook-events"],
    load: () => import("./webhooks/webhook-routes").then((m) => m.registerWebhookRoutes),
  },
  { name: "customers", keys: ["stores/*/customers"], load: () => import("./customers").then((m) => m.registerCustomerRoutes) },
  { name: "orders", keys: ["stores/*/orders", "stores/*/shipments"], load: () => import("./orders").then((m) => m.registerOrderRoutes) },
  // Before the catalog: /products/deleted and /products/export.csv must not be read as /products/{id}.
  {
    name: "sync",
    keys: ["stores/*/products", "stores/*/variants", "stores/*/imports"],
    load: () => import("./sync/sync.routes").then((m) => m.registerSyncRoutes),
  },
  { name: "event-log", keys: ["stores/*/events"], load: () => import("./webhooks/event-log.routes").then((m) => m.registerEventLogRoutes) },
  { name: "catalog", keys: ["stores/*/products"], load: () => import("./products").then((m) => m.registerCatalogRoutes) },
  { name: "collections", keys: ["stores/*/collections"], load: () => import("./collections").then((m) => m.registerCollectionRoutes) },
  { name: "inventory", keys: ["stores/*/locations", "stores/*/inventory"], load: () => import("./inventory").then((m) => m.registerInventoryRoutes) },
  { name: "fields", keys: ["stores/*/field-definitions"], load: () => import("./fields").then((m) => m.registerFieldDefinitionRoutes) },
  { name: "ops", keys: ["ops"], load: () => import("./ops").then((m) => m.registerOpsRoutes) },
  { name: "versions", keys: ["versions"], load: () => import("./versions/versions.routes").then((m) => m.registerVersionRoutes) },
  {
    name: "pricing",
    keys: ["stores/*/customer-groups", "stores/*/price-lists", "stores/*/prices"],
    load: () => import("./pricing").then((m) => m.registerPricingRoutes),
  },
];

/** Every group: what GET /openapi.json needs. */
export const ALL_GROUPS = 2 ** ROUTE_GROUPS.length - 1;

/** The key of a path or of a route's path template (":param" or "{param}" segments): see the header. */
export function routeKey(path: string): string {
  const segments = path.split("/");
  return segments[1] === "stores" && segments.length > 3 ? `stores/*/${segments[3]}` : segments[1];
}

const groupsByKey = new Map<string, number>([["openapi.json", ALL_GROUPS]]);
for (const [i, group] of ROUTE_GROUPS.entries()) {
  for (const key of group.keys) groupsByKey.set(key, (groupsByKey.get(key) ?? 0) | (1 << i));
}

/** The groups (a bit per ROUTE_GROUPS index) whose routes may match `path` (Hono's path of the request). */
export const groupsFor = (path: string): number => groupsByKey.get(routeKey(path)) ?? 0;

const loaded: Array<Promise<RegisterRoutes> | undefined> = [];

/** The register functions of the groups in `mask`, in ROUTE_GROUPS' order, each module loaded once. */
export function loadGroups(mask: number): Promise<RegisterRoutes[]> {
  const picked: Array<Promise<RegisterRoutes>> = [];
  for (const [i, group] of ROUTE_GROUPS.entries()) {
    if ((mask & (1 << i)) === 0) continue;
    loaded[i] ??= group.load();
    picked.push(loaded[i]);
  }
  return Promise.all(picked);
}
