// A small JSON Schema (draft 2020-12) checker for the keywords the published event schemas use (type, properties,
// required, additionalProperties, propertyNames, items, enum, const, anyOf/oneOf/allOf, min/max, minLength/maxLength,
// pattern, minItems/maxItems, $ref into $defs). It fails on any keyword it does not know, so a schema cannot pass
// by using one it skips. Returns the problems, each with its JSON path.
type Schema = Record<string, any> | boolean;

const KNOWN = new Set([
  "$schema",
  "$id",
  "$defs",
  "$ref",
  "type",
  "properties",
  "required",
  "additionalProperties",
  "propertyNames",
  "items",
  "enum",
  "const",
  "anyOf",
  "oneOf",
  "allOf",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "format",
  "description",
  "title",
  "default",
  "example",
  "examples",
]);

const typeOf = (value: unknown) =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "number" ? (Number.isInteger(value) ? "integer" : "number") : typeof value;

export function validate(schema: Schema, value: unknown, root: Schema = schema, path = "$"): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${path}: no value is allowed`];
  const unknown = Object.keys(schema).filter((k) => !KNOWN.has(k));
  if (unknown.length) return [`${path}: unknown schema keywords ${unknown.join(", ")}`];
  const problems: string[] = [];
  if (schema.$ref) {
    const target = String(schema.$ref)
      .replace(/^#\//, "")
      .split("/")
      .reduce((node: any, key) => node?.[key], root);
    if (!target) return [`${path}: unresolved $ref ${schema.$ref}`];
    problems.push(...validate(target, value, root, path));
  }
  if (schema.type !== undefined) {
    const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
    const actual = typeOf(value);
    if (!types.includes(actual) && !(actual === "integer" && types.includes("number"))) return [`${path}: ${actual} is not ${types.join(" or ")}`];
  }
  if (schema.enum && !schema.enum.some((e: unknown) => JSON.stringify(e) === JSON.stringify(value)))
    problems.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if ("const" in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) problems.push(`${path}: is not ${JSON.stringify(schema.const)}`);
  if (schema.anyOf && !schema.anyOf.some((s: Schema) => validate(s, value, root, path).length === 0)) problems.push(`${path}: matches none of anyOf`);
  if (schema.oneOf && schema.oneOf.filter((s: Schema) => validate(s, value, root, path).length === 0).length !== 1)
    problems.push(`${path}: does not match exactly one of oneOf`);
  for (const s of schema.allOf ?? []) problems.push(...validate(s, value, root, path));
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${path}: below ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${path}: above ${schema.maximum}`);
  }
  if (typeof value === "string") {
    if (schema.minLength !== undefined && [...value].length < schema.minLength) problems.push(`${path}: shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && [...value].length > schema.maxLength) problems.push(`${path}: longer than ${schema.maxLength}`);
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, "u").test(value)) problems.push(`${path}: does not match ${schema.pattern}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) problems.push(`${path}: fewer than ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) problems.push(`${path}: more than ${schema.maxItems} items`);
    if (schema.items !== undefined) {
      for (const [i, item] of value.entries()) problems.push(...validate(schema.items, item, root, `${path}[${i}]`));
    }
  }
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in object)) problems.push(`${path}: lacks ${key}`);
    for (const [key, item] of Object.entries(object)) {
      if (schema.propertyNames) problems.push(...validate(schema.propertyNames, key, root, `${path}{${key}}`));
      if (schema.properties && key in schema.properties) problems.push(...validate(schema.properties[key], item, root, `${path}.${key}`));
      else if (schema.additionalProperties !== undefined) problems.push(...validate(schema.additionalProperties, item, root, `${path}.${key}`));
    }
  }
  return problems;
}
