// GET /versions: the API's dated versions, public (docs/api-versions.md).
import { createRoute, z } from "@hono/zod-openapi";
import { VERSIONS } from "../lib/api-versions";
import { type App, jsonResponse, problemSchema, publicReadErrors } from "../lib/route";
import { requires } from "../access/requires";

const versionSchema = z
  .object({
    version: z.string().openapi({ example: "2026-12-07" }),
    status: z.enum(["current", "supported", "deprecated"]),
    sunset_at: z
      .string()
      .nullable()
      .openapi({ format: "date-time", description: "When a deprecated version stops being served (its `Sunset` header says the same); null for the others" }),
  })
  .openapi("ApiVersion");

const listVersionsRoute = createRoute({
  method: "get",
  path: "/versions",
  operationId: "listApiVersions",
  tags: ["API versions"],
  summary: "The API's versions, oldest first",
  description:
    "A request is served by the version its `Api-Version` header names, else its credential's pinned `api_version`, else the current one; every response says which in its own `Api-Version` header. An unknown version is 400 `unsupported_api_version`. A deprecated version's responses carry `Deprecation` and `Sunset` headers.",
  ...requires("public"),
  responses: {
    200: jsonResponse(z.object({ data: z.array(versionSchema) }).openapi("ApiVersionList"), "Every version this API serves"),
    ...publicReadErrors,
    400: {
      description: "`unsupported_api_version`: the request's Api-Version names no version this API serves",
      content: { "application/problem+json": { schema: problemSchema } },
    },
  },
});

export function registerVersionRoutes(app: App) {
  app.openapi(listVersionsRoute, (c) => c.json({ data: VERSIONS.map((v) => ({ version: v.version, status: v.status, sunset_at: v.sunsetAt })) }, 200));
}
