// The products list's custom field filters as the API names them (docs/api/21-custom-fields.md): `field.<key>` (equal),
// `field.<key>.min` and `field.<key>.max` (inclusive), and how the console words each bound.
import type { FieldType } from "../../../lib/field-types";

export const PREFIX = "field.";
export type Bound = "eq" | "min" | "max";

export const paramOf = (key: string, bound: Bound) => (bound === "eq" ? `${PREFIX}${key}` : `${PREFIX}${key}.${bound}`);

export function parseParam(param: string): { key: string; bound: Bound } {
  const [key, bound] = param.slice(PREFIX.length).split(".");
  return { key, bound: bound === "min" || bound === "max" ? bound : "eq" };
}

/** " at least" / " at most" after a number's name, " from" / " to" after a date's; nothing for equality. */
export const boundWords = (type: FieldType, bound: Bound) =>
  bound === "eq" ? "" : type === "date" ? (bound === "min" ? " from" : " to") : bound === "min" ? " at least" : " at most";
