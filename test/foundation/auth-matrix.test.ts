// The auth-matrix helper run against the foundation's own store-scoped endpoints.
import { authMatrix } from "../helpers/auth-matrix";

authMatrix({ method: "GET", path: "/stores/{store_id}/audit-log", permission: "audit.read", expectAllowed: 200 });
authMatrix({ method: "GET", path: "/stores/{store_id}/members", permission: "members.read", expectAllowed: 200 });
authMatrix({ method: "GET", path: "/stores/{store_id}", permission: "member", expectAllowed: 200 });
