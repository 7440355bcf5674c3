// POST /users, POST /login, GET /me, GET /permissions.
import { createRoute, z } from "@hono/zod-openapi";
import { ctxOf } from "../lib/context";
import { requestDb } from "../lib/db";
import { PERMISSIONS, PERMISSION_NAMES } from "../lib/permissions";
import { perIpLimit } from "../access/budgets";
import { type App, errorResponses, jsonBody, jsonResponse, publicReadErrors, refusesIdempotency } from "../lib/route";
import { requires } from "../access/requires";
import { loginBody, loginResponse, logoutBody, meSchema, signupBody, userSchema } from "./schemas";
import { getMe, logIn, logOut, signUp } from "./users.service";

const signupRoute = createRoute(
  refusesIdempotency({
    method: "post",
    path: "/users",
    operationId: "createUser",
    tags: ["Identity"],
    summary: "Sign up",
    ...requires("public"),
    middleware: [perIpLimit()],
    request: jsonBody(signupBody),
    responses: { 201: jsonResponse(userSchema, "The new user"), ...errorResponses(400, 409) },
  }),
);

const loginRoute = createRoute(
  refusesIdempotency({
    method: "post",
    path: "/login",
    operationId: "login",
    tags: ["Identity"],
    summary: "Log in: a session JWT valid for 24 hours",
    ...requires("public"),
    middleware: [perIpLimit()],
    request: jsonBody(loginBody),
    responses: { 200: jsonResponse(loginResponse, "A session token"), ...errorResponses(400) },
  }),
);

const logoutRoute = createRoute({
  method: "post",
  path: "/logout",
  operationId: "logout",
  tags: ["Identity"],
  summary: "Log out: this session JWT (or, with everywhere, every one of the user's) is 401 from the next request",
  ...requires("session"),
  request: { body: { required: false, content: { "application/json": { schema: logoutBody } } } },
  responses: { 204: { description: "Logged out" }, ...errorResponses(400) },
});

const meRoute = createRoute({
  method: "get",
  path: "/me",
  operationId: "getMe",
  tags: ["Identity"],
  summary: "The caller and their stores (with an integration's key: the integration)",
  ...requires("authenticated"),
  responses: {
    200: jsonResponse(meSchema, 'The person and their stores (`Me`), or `{kind: "integration", integration}` for an integration\'s key (`IntegrationMe`)'),
    ...errorResponses(),
  },
});

const permissionSchema = z.object({ name: z.string(), bit: z.number().int(), description: z.string() });
const permissionsRoute = createRoute({
  method: "get",
  path: "/permissions",
  operationId: "listPermissions",
  tags: ["Identity"],
  summary: "Every permission bit",
  ...requires("public"),
  responses: { 200: jsonResponse(z.object({ data: z.array(permissionSchema) }), "The permission registry"), ...publicReadErrors },
});

export function registerUserRoutes(app: App) {
  app.openapi(signupRoute, async (c) => {
    const user = await signUp(requestDb(c), c.req.valid("json"));
    return c.json(user, 201, { Location: "/me" });
  });
  app.openapi(loginRoute, async (c) => c.json(await logIn(c.env, requestDb(c), c.req.valid("json")), 200));
  app.openapi(logoutRoute, async (c) => {
    await logOut(ctxOf(c), c.req.valid("json") ?? {});
    return c.body(null, 204);
  });
  app.openapi(meRoute, async (c) => c.json(await getMe(ctxOf(c)), 200));
  app.openapi(permissionsRoute, (c) => c.json({ data: PERMISSION_NAMES.map((name) => ({ name, ...PERMISSIONS[name] })) }, 200));
}
