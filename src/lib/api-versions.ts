import { z } from "@hono/zod-openapi";

// The API's dated versions (docs/api-versions.md): which exist, which is current, when a deprecated one ends, and
// which breaking changes each brought. A request is served by one version (its `Api-Version` header, else its
// credential's pin, else the current one); code that behaves differently between versions asks `speaks(version,
// change)` about a named change here, never compares dates itself. The next breaking change is one entry in
// BREAKING_CHANGES, the version that brings it in VERSIONS, and the one function of the new behaviour that asks.

export interface ApiVersionEntry {
  version: string;
  status: "current" | "supported" | "deprecated";
  /** When a deprecated version was deprecated (the `Deprecation` header, RFC 9745). */
  deprecatedAt: string | null;
  /** The moment a deprecated version stops being served (the `Sunset` header, RFC 8594); null for the others. */
  sunsetAt: string | null;
}

/** Oldest first. A version is served for at least 12 months after it was released (docs/api-versions.md). */
export const VERSIONS = [
  { version: "2026-11-27", status: "deprecated", deprecatedAt: "2026-12-07T00:00:00Z", sunsetAt: "2027-11-27T00:00:00Z" },
  { version: "2026-12-07", status: "current", deprecatedAt: null, sunsetAt: null },
] as const satisfies readonly ApiVersionEntry[];

export type ApiVersion = (typeof VERSIONS)[number]["version"];

export const CURRENT_VERSION: ApiVersion = "2026-12-07";

export const VERSION_NAMES = VERSIONS.map((v) => v.version) as [ApiVersion, ...ApiVersion[]];

/**
 * Every breaking change, named, with the version that brought it and what it changes. A request served by an older
 * version keeps the behaviour from before the change.
 */
export const BREAKING_CHANGES = {
  order_no_price: {
    since: "2026-12-07",
    summary:
      "An order line with no price in the order's currency (no price list has one, and the currency is not the store's) is 409 `no_price`; before, it was charged the variant's base price as that currency's minor units.",
  },
} as const satisfies Record<string, { since: ApiVersion; summary: string }>;

export type BreakingChange = keyof typeof BREAKING_CHANGES;

const order = new Map<string, number>(VERSION_NAMES.map((v, i) => [v, i]));

export const isApiVersion = (value: string): value is ApiVersion => order.has(value);

export const entryOf = (version: ApiVersion): ApiVersionEntry => VERSIONS.find((v) => v.version === version)!;

/** Whether a request served by `version` has `change`'s behaviour (it came with that version or an earlier one). */
export const speaks = (version: ApiVersion, change: BreakingChange): boolean => order.get(version)! >= order.get(BREAKING_CHANGES[change].since)!;

/** The version serving a request: its `Api-Version` header, else its credential's pin, else the current one. */
export function servedVersion(requested: string | undefined, pinned: string | undefined): ApiVersion {
  if (requested && isApiVersion(requested)) return requested;
  if (pinned && isApiVersion(pinned)) return pinned;
  return CURRENT_VERSION;
}

/** An `api_version` in a body: a supported version (422 at `api_version` otherwise). */
export const apiVersionInput = z.enum(VERSION_NAMES, { error: () => `must be a supported API version: ${VERSION_NAMES.join(", ")}` }).openapi({
  description: "A supported API version (GET /versions)",
  example: CURRENT_VERSION,
});

/** `api_version` on a credential's or a subscription's record. */
export const apiVersionField = z.string().openapi({
  description: "The API version requests (deliveries) are served in when no `Api-Version` header says otherwise (GET /versions)",
  example: CURRENT_VERSION,
});

/** The version serving a service call: the request's (background work has none, and gets the current one). */
export const servedBy = (ctx: { apiVersion?: string }): ApiVersion => servedVersion(ctx.apiVersion, undefined);
