// The operations of a built OpenAPI document, for the steps that finish it before it is served (src/app.ts: the
// permission sentences of src/access/requires.ts, the version headers of src/versions/openapi.ts).
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"] as const;

/** Each operation of `document` with its path and method, in the document's order. */
export function operationsOf<O>(document: { paths?: object }): Array<{ path: string; method: (typeof METHODS)[number]; operation: O }> {
  const found: Array<{ path: string; method: (typeof METHODS)[number]; operation: O }> = [];
  for (const [path, item] of Object.entries(document.paths ?? {}) as Array<[string, Record<string, O | undefined>]>) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) found.push({ path, method, operation });
    }
  }
  return found;
}
