// The operator endpoints (docs/api/14-store-databases-and-operators.md), under the OpenAPI tag "Operations". Every route takes OPS_TOKEN
// (./ops-auth.ts), not a store member's credential.
import { createRoute, z } from "@hono/zod-openapi";
import { type App, jsonBody, jsonResponse, problemSchema } from "../lib/route";
import { line } from "../lib/text";
import { opsAccess } from "./ops-auth";
import { LOCATION_HINTS } from "../placement/placement";
import { getMove, listShards, patchShard, startMove, storeInfo } from "./ops.service";

const TAG = "Operations";

const problem = (description: string) => ({ description, content: { "application/problem+json": { schema: problemSchema } } });

/**
 * Who may call: the operators' token. Documented like the other routes' rules: the sentence of `ops` follows each
 * operation's description (`permissionSentence` in src/access/requires.ts).
 */
const operators = {
  middleware: [opsAccess()],
  security: [{ opsToken: [] }],
  "x-required-permission": "ops" as const,
};

const notFoundResponse = problem("Not found");

const responses = {
  400: problem("Malformed JSON body (`malformed_json`), or an `Api-Version` this API does not serve (`unsupported_api_version`)"),
  401: problem("Missing or wrong operator token (JWTs and personal access tokens included)"),
  413: problem("The request body is over the size limit (`payload_too_large`)"),
  503: {
    ...problem("OPS_TOKEN is not configured on this deployment, or a database is overloaded (`service_unavailable`)"),
    headers: {
      "Retry-After": {
        description: "Whole seconds to wait (sent when a database is overloaded; not when OPS_TOKEN is missing)",
        schema: { type: "integer" as const },
      },
    },
  },
};

const shardSchema = z
  .object({
    name: z.string().openapi({ example: "STORE_DB_001" }),
    location: z.enum(LOCATION_HINTS).nullable().openapi({
      description:
        "The D1 location hint the database was created with (`wrangler d1 create --location`); null: none. New stores go to a database of their creator's region first",
    }),
    accepting: z.boolean().openapi({ description: "Whether new stores are placed here" }),
    stores: z.number().int(),
    size_bytes: z.number().int().openapi({ description: "As D1 last reported it to the database's maintenance run (every minute)" }),
    measured_at: z.string().nullable().openapi({ description: "When size_bytes was measured; null: not yet measured" }),
  })
  .openapi("Shard");

const moveStateSchema = z.enum(["copying", "paused", "verifying", "done", "failed"]);

const moveSchema = z.object({ id: z.string(), store_id: z.string(), from: z.string(), to: z.string(), state: moveStateSchema }).openapi("StoreMoveStarted");

const moveStatusSchema = moveSchema.extend({ rows_copied: z.number().int(), error: z.string().nullable() }).openapi("StoreMove");

const storeParams = z.object({ store_id: z.string() });

const listShardsRoute = createRoute({
  method: "get",
  path: "/ops/shards",
  operationId: "listShards",
  tags: [TAG],
  summary: "Every store database with its location hint, placement flag, store count and size",
  ...operators,
  responses: { 200: jsonResponse(z.object({ data: z.array(shardSchema) }), "The store databases"), ...responses },
});

const patchShardRoute = createRoute({
  method: "patch",
  path: "/ops/shards/{name}",
  operationId: "updateShard",
  tags: [TAG],
  summary: "Set a store database's location hint and whether new stores are placed on it",
  ...operators,
  request: {
    params: z.object({ name: z.string().openapi({ example: "STORE_DB_001" }) }),
    ...jsonBody(
      z
        .object({
          location: z.enum(LOCATION_HINTS).nullable().optional().openapi({ description: "The location hint; null clears it" }),
          accepting: z.boolean().optional().openapi({ description: "false: no new store is placed here (its stores stay and keep working)" }),
        })
        .strict()
        .openapi("ShardUpdate"),
    ),
  },
  responses: {
    200: jsonResponse(shardSchema, "The store database as it is now"),
    ...responses,
    404: problem("Not a store database of this deployment"),
    422: problem("An unknown field, a location that is not a D1 location hint, or `accepting` not a boolean (`validation_failed`)"),
  },
});

const storeRoute = createRoute({
  method: "get",
  path: "/ops/stores/{store_id}",
  operationId: "getStorePlacement",
  tags: [TAG],
  summary: "Which database holds a store",
  ...operators,
  request: { params: storeParams },
  responses: {
    200: jsonResponse(
      z.object({ store_id: z.string(), shard: z.string(), state: z.enum(["active", "moving"]), version: z.number().int() }).openapi("StorePlacement"),
      "The store's directory entry",
    ),
    ...responses,
    404: notFoundResponse,
  },
});

const startMoveRoute = createRoute({
  method: "post",
  path: "/ops/stores/{store_id}/move",
  operationId: "moveStore",
  tags: [TAG],
  summary: "Move a store to another store database (a background job; follow it with GET /ops/moves/{move_id})",
  ...operators,
  request: { params: storeParams, ...jsonBody(z.object({ to: line().openapi({ example: "STORE_DB_002" }) }).strict()) },
  responses: {
    202: jsonResponse(moveSchema, "The move has started"),
    ...responses,
    404: notFoundResponse,
    409: problem("Another move of the store is still running, or the store is already on `to`"),
    422: problem("`to` is not a store database of this deployment (`validation_failed`)"),
  },
});

const moveRoute = createRoute({
  method: "get",
  path: "/ops/moves/{move_id}",
  operationId: "getMove",
  tags: [TAG],
  summary: "A move's progress",
  ...operators,
  request: { params: z.object({ move_id: z.string() }) },
  responses: { 200: jsonResponse(moveStatusSchema, "The move"), ...responses, 404: notFoundResponse },
});

export function registerOpsRoutes(app: App) {
  app.openAPIRegistry.registerComponent("securitySchemes", "opsToken", {
    type: "http",
    scheme: "bearer",
    description: "The operators' token (the OPS_TOKEN secret), for /ops/* only",
  });
  app.openapi(listShardsRoute, async (c) => c.json({ data: await listShards({ env: c.env }) }, 200));
  app.openapi(patchShardRoute, async (c) => c.json(await patchShard({ env: c.env }, c.req.valid("param").name, c.req.valid("json")), 200));
  app.openapi(storeRoute, async (c) => c.json(await storeInfo({ env: c.env }, c.req.valid("param").store_id), 200));
  app.openapi(startMoveRoute, async (c) => c.json(await startMove({ env: c.env }, c.req.valid("param").store_id, c.req.valid("json")), 202));
  app.openapi(moveRoute, async (c) => c.json(await getMove({ env: c.env }, c.req.valid("param").move_id), 200));
}
