// Some acts belong to a person: holding a personal access token, sending an invite, signing out. An integration's
// key (docs/api/16-integrations.md) is no person, and a credential that outlives people must not mint people's credentials:
// those endpoints answer it 403.
import { forbidden } from "../lib/errors";
import type { Principal } from "../lib/types";

/** The calling person's user id; 403 for an integration's key. */
export function personOf(principal: Principal, what: string): string {
  if (principal.userId === null) throw forbidden(`An integration's key cannot ${what}`);
  return principal.userId;
}
