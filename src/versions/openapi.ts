// The `Api-Version` headers in the OpenAPI document (docs/api-versions.md): every operation takes the request header,
// and every response carries `Api-Version` (the version that served it) and, for a deprecated version, `Deprecation`
// and `Sunset`, as src/versions/middleware.ts sets them. Declared once as components and referred to from each
// operation and response, so a generated client and a validating proxy know them without the routes repeating them.
import { CURRENT_VERSION, VERSION_NAMES } from "../lib/api-versions";
import { operationsOf } from "../lib/openapi-operations";
import { API_VERSION_HEADER } from "./middleware";

interface Response {
  $ref?: string;
  headers?: Record<string, unknown>;
}
interface Operation {
  parameters?: unknown[];
  responses?: Record<string, Response>;
}
interface Document {
  paths?: object;
  components?: { parameters?: Record<string, unknown>; headers?: Record<string, unknown> };
}

const versionSchema = { type: "string", enum: [...VERSION_NAMES], example: CURRENT_VERSION };

const REQUEST_HEADER = {
  name: API_VERSION_HEADER,
  in: "header",
  required: false,
  description:
    "The API version to serve this request in. Without it: the credential's pinned `api_version`, else the current " +
    "version. A version this API does not serve is 400 `unsupported_api_version`.",
  schema: versionSchema,
};

const RESPONSE_HEADERS = {
  ApiVersion: { description: "The API version that served this response", required: true, schema: versionSchema },
  Deprecation: {
    description: "On a deprecated version's responses only: when it was deprecated (RFC 9745, e.g. `@1796601600`)",
    required: false,
    schema: { type: "string" },
  },
  Sunset: {
    description: "On a deprecated version's responses only: when it stops being served (RFC 8594, an HTTP-date)",
    required: false,
    schema: { type: "string" },
  },
};

/** Adds the version headers to every operation and response of `document` (in place) and returns it. */
export function withVersionHeaders<D extends object>(document: D): D {
  const doc = document as Document;
  doc.components ??= {};
  doc.components.parameters = { ...doc.components.parameters, ApiVersion: REQUEST_HEADER };
  doc.components.headers = { ...doc.components.headers, ...RESPONSE_HEADERS };
  const headerRefs = {
    [API_VERSION_HEADER]: { $ref: "#/components/headers/ApiVersion" },
    Deprecation: { $ref: "#/components/headers/Deprecation" },
    Sunset: { $ref: "#/components/headers/Sunset" },
  };
  for (const { operation } of operationsOf<Operation>(doc)) {
    operation.parameters = [...(operation.parameters ?? []), { $ref: "#/components/parameters/ApiVersion" }];
    for (const response of Object.values(operation.responses ?? {})) {
      if (response.$ref) continue;
      response.headers = { ...response.headers, ...headerRefs };
    }
  }
  return document;
}
