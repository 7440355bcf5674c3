// The `Api-Version` request and response headers (docs/api-versions.md). Two middlewares, outermost first:
// `versionHeaders` sets `Api-Version` (and, for a deprecated version, `Deprecation` and `Sunset`) on every response,
// errors and public routes included, after everything else has run; `requestedVersion` refuses an unknown
// `Api-Version` before any authentication (400 `unsupported_api_version`, itself answered in the current version).
import type { MiddlewareHandler } from "hono";
import { VERSION_NAMES, entryOf, isApiVersion, servedVersion } from "../lib/api-versions";
import { ApiError } from "../lib/errors";
import type { AppEnv } from "../lib/types";

export const API_VERSION_HEADER = "Api-Version";

/** RFC 9745's Structured Field Date (`@<unix seconds>`) and RFC 8594's HTTP-date, from an ISO timestamp. */
const sfDate = (iso: string) => `@${Math.floor(Date.parse(iso) / 1000)}`;
const httpDate = (iso: string) => new Date(iso).toUTCString();

export const versionHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const version = servedVersion(c.get("requestedVersion"), c.get("principal")?.apiVersion);
  const headers = c.res.headers;
  headers.set(API_VERSION_HEADER, version);
  const entry = entryOf(version);
  if (entry.status === "deprecated") {
    if (entry.deprecatedAt) headers.set("Deprecation", sfDate(entry.deprecatedAt));
    if (entry.sunsetAt) headers.set("Sunset", httpDate(entry.sunsetAt));
  }
};

export const requestedVersion: MiddlewareHandler<AppEnv> = async (c, next) => {
  const asked = c.req.header(API_VERSION_HEADER);
  if (asked !== undefined) {
    const value = asked.trim();
    if (!isApiVersion(value)) {
      throw new ApiError(
        "unsupported_api_version",
        `Api-Version: ${JSON.stringify(asked.slice(0, 40))} is not a supported API version; supported: ${VERSION_NAMES.join(", ")}`,
        { supported_versions: [...VERSION_NAMES] },
      );
    }
    c.set("requestedVersion", value);
  }
  await next();
};
