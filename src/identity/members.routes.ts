// Members and invites of a store, and accepting an invite.
import { createRoute, z } from "@hono/zod-openapi";
import { ctxOf, storeCtxOf } from "../lib/context";
import { pageSchema, paginated, paginationQuery } from "../lib/pagination";
import { type App, errorResponses, idempotent, jsonBody, jsonResponse, refusesIdempotency } from "../lib/route";
import { requires } from "../access/requires";
import { acceptInvite, createInvite, getInvite, listInvites, lookupInvite, revokeInvite } from "./invites.service";
import { listMembers, removeMember, updateMember } from "./members.service";
import { acceptInviteBody, inviteBody, inviteSchema, memberSchema, updateMemberBody } from "./schemas";

const storeParams = z.object({ store_id: z.string() });
const memberParams = storeParams.extend({ user_id: z.string() });
const inviteParams = storeParams.extend({ invite_id: z.string() });
const createdInviteSchema = inviteSchema.extend({ token: z.string() }).openapi("CreatedInvite");

const listMembersRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/members",
  operationId: "listMembers",
  tags: ["Members"],
  summary: "Members with their permissions",
  ...requires("members.read"),
  request: { params: storeParams, query: z.object(paginationQuery) },
  responses: { 200: jsonResponse(pageSchema(memberSchema), "Members"), ...errorResponses(404) },
});

const updateMemberRoute = createRoute({
  method: "patch",
  path: "/stores/{store_id}/members/{user_id}",
  operationId: "updateMember",
  tags: ["Members"],
  summary: "Change a member's permissions (never beyond your own)",
  ...requires("members.manage"),
  request: { params: memberParams, ...jsonBody(updateMemberBody) },
  responses: { 200: jsonResponse(memberSchema, "The member"), ...errorResponses(400, 404, 409) },
});

const removeMemberRoute = createRoute({
  method: "delete",
  path: "/stores/{store_id}/members/{user_id}",
  operationId: "removeMember",
  tags: ["Members"],
  summary: "Remove a member; every token of the store they own or hold (issued_by) stops working, their pending invites are revoked",
  ...requires("members.manage"),
  request: { params: memberParams },
  responses: { 204: { description: "Removed" }, ...errorResponses(404, 409) },
});

const createInviteRoute = createRoute(
  refusesIdempotency({
    method: "post",
    path: "/stores/{store_id}/invites",
    operationId: "createInvite",
    tags: ["Members"],
    summary: "Invite a teammate; the raw invite token is shown only here",
    ...requires("members.manage"),
    request: { params: storeParams, ...jsonBody(inviteBody) },
    responses: { 201: jsonResponse(createdInviteSchema, "The invite and its one-time token"), ...errorResponses(400, 404) },
  }),
);

const listInvitesRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/invites",
  operationId: "listInvites",
  tags: ["Members"],
  summary: "Pending invites of the store (not accepted, not expired, not revoked), newest first, without their token",
  ...requires("members.read"),
  request: { params: storeParams, query: z.object(paginationQuery) },
  responses: { 200: jsonResponse(pageSchema(inviteSchema), "Invites"), ...errorResponses(404) },
});

const getInviteRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/invites/{invite_id}",
  operationId: "getInvite",
  tags: ["Members"],
  summary: "One invite",
  ...requires("members.read"),
  request: { params: inviteParams },
  responses: { 200: jsonResponse(inviteSchema, "The invite"), ...errorResponses(404) },
});

const revokeInviteRoute = createRoute({
  method: "delete",
  path: "/stores/{store_id}/invites/{invite_id}",
  operationId: "revokeInvite",
  tags: ["Members"],
  summary: "Revoke an invite: it can no longer be accepted (409 if it was already used)",
  ...requires("members.manage"),
  request: { params: inviteParams },
  responses: { 204: { description: "Revoked" }, ...errorResponses(404, 409) },
});

const acceptInviteRoute = createRoute(
  refusesIdempotency({
    method: "post",
    path: "/invites/accept",
    operationId: "acceptInvite",
    tags: ["Members"],
    summary:
      "Accept an invite with the invitee's own session JWT; 409 if it was used, expired or revoked, or its sender is no " +
      "longer a member holding every bit it grants",
    ...requires("session"),
    request: jsonBody(acceptInviteBody),
    responses: { 200: jsonResponse(memberSchema, "The new membership"), ...errorResponses(400, 404, 409) },
  }),
);

const inviteLookupSchema = z
  .object({
    store_id: z.string(),
    store_name: z.string(),
    email: z.string().openapi({ description: "The address the invite was sent to; only that account can accept it" }),
    permissions: z.string().openapi({ description: "64-bit permission mask as a decimal string" }),
    permission_names: z.array(z.string()),
    expires_at: z.string().openapi({ format: "date-time" }),
    status: z.literal("pending").openapi({
      description:
        "Always `pending`: an invite that cannot be accepted (used, revoked, expired, or its inviter can no longer grant it) is a 409, as accepting it would be",
    }),
  })
  .openapi("InviteLookup");

const lookupInviteRoute = createRoute(
  idempotent({
    method: "post",
    path: "/invites/lookup",
    operationId: "lookupInvite",
    tags: ["Members"],
    summary: "What an invite token offers (store, permissions), read with the invitee's session before accepting; judged as accepting it would be",
    ...requires("session"),
    request: jsonBody(acceptInviteBody),
    responses: { 200: jsonResponse(inviteLookupSchema, "The invite, which can be accepted"), ...errorResponses(400, 404, 409) },
  }),
);

export function registerMemberRoutes(app: App) {
  app.openapi(listMembersRoute, async (c) => {
    const page = c.req.valid("query");
    const { data, total } = await listMembers(storeCtxOf(c), page);
    return c.json(paginated(data, page, total), 200);
  });
  app.openapi(updateMemberRoute, async (c) => c.json(await updateMember(storeCtxOf(c), c.req.valid("param").user_id, c.req.valid("json")), 200));
  app.openapi(removeMemberRoute, async (c) => {
    await removeMember(storeCtxOf(c), c.req.valid("param").user_id);
    return c.body(null, 204);
  });
  app.openapi(createInviteRoute, async (c) => {
    const invite = await createInvite(storeCtxOf(c), c.req.valid("json"));
    return c.json(invite, 201, { Location: `/stores/${invite.store_id}/invites/${invite.id}` });
  });
  app.openapi(listInvitesRoute, async (c) => {
    const page = c.req.valid("query");
    const { data, total } = await listInvites(storeCtxOf(c), page);
    return c.json(paginated(data, page, total), 200);
  });
  app.openapi(getInviteRoute, async (c) => c.json(await getInvite(storeCtxOf(c), c.req.valid("param").invite_id), 200));
  app.openapi(revokeInviteRoute, async (c) => {
    await revokeInvite(storeCtxOf(c), c.req.valid("param").invite_id);
    return c.body(null, 204);
  });
  app.openapi(lookupInviteRoute, async (c) => c.json(await lookupInvite(ctxOf(c), c.req.valid("json")), 200));
  app.openapi(acceptInviteRoute, async (c) => {
    const ctx = ctxOf(c);
    return c.json(await acceptInvite(ctx, c.req.valid("json")), 200);
  });
}
