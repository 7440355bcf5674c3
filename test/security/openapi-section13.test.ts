// The OpenAPI document describes docs/api/13-security.md: the new fields, endpoints and statuses.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";

describe("OpenAPI documents every field, endpoint and status section 13 adds", () => {
  it("issued_by, invited_by; DELETE invites and media with 204/404/409; replay 409; the permissions on the routes", async () => {
    const doc = (await call("GET", "/openapi.json")).body;
    expect(doc.components.schemas.AccessToken.required).toContain("issued_by");
    expect(doc.components.schemas.Invite.required).toContain("invited_by");
    const revokeInvite = doc.paths["/stores/{store_id}/invites/{invite_id}"].delete;
    expect(Object.keys(revokeInvite.responses)).toEqual(expect.arrayContaining(["204", "403", "404", "409"]));
    expect(revokeInvite["x-required-permission"]).toBe("members.manage");
    expect(doc.paths["/stores/{store_id}/invites"].get["x-required-permission"]).toBe("members.read");
    const deleteMedia = doc.paths["/stores/{store_id}/media/{media_id}"].delete;
    expect(Object.keys(deleteMedia.responses)).toEqual(expect.arrayContaining(["204", "403", "404", "409"]));
    expect(deleteMedia["x-required-permission"]).toBe("products.edit");
    const replay = doc.paths["/stores/{store_id}/webhooks/{id}/deliveries/{delivery_id}/replay"].post;
    expect(Object.keys(replay.responses)).toEqual(expect.arrayContaining(["202", "403", "404", "409"]));
    expect(replay.description).toMatch(/read permission/);
    expect(doc.paths["/stores/{store_id}/webhooks"].post.description).toMatch(/limit_exceeded/);
    expect(doc.paths["/stores/{store_id}/products/{id}/variants"].post.description).toMatch(/limit_exceeded/);
    expect(doc.paths["/stores/{store_id}/api-tokens"].post.description).toMatch(/limit_exceeded/);
    expect(Object.keys(doc.paths["/stores/{store_id}/api-tokens/{token_id}/rotate"].post.responses)).toContain("409");
  });
});
