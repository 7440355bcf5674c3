// "Nobody grants what they do not hold": the one check behind invites, member updates and token scopes.
import { ApiError } from "../lib/errors";
import { missingFrom } from "../lib/permissions";

export function assertWithin(held: bigint, wanted: bigint, field: string, holder = "you") {
  const missing = missingFrom(held, wanted);
  if (missing.length > 0) {
    const message = `${holder === "you" ? "you do" : `${holder} does`} not hold: ${missing.join(", ")}`;
    throw new ApiError("scope_exceeds_permissions", `${field}: ${message}`, { errors: [{ path: field, message }] });
  }
}
