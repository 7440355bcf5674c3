// A custom field's value checked against its definition (docs/api/21-custom-fields.md): its type, then its validations. Pure
// functions: every write (the API's bodies, bulk items, CSV cells) and every list filter goes through them, so a value
// is accepted or refused the same way whichever way it comes. References are returned for the caller to look up in
// the store (one query for a whole request, src/fields/field-values.ts).
import type { FieldError } from "../lib/errors";
import { LINE_MESSAGE, LINE_RE, TEXT_MESSAGE, TEXT_RE } from "../lib/text";
import {
  type FieldType,
  MAX_JSON_BYTES,
  MAX_JSON_DEPTH,
  MAX_LENGTH,
  MAX_LIST_ITEMS,
  MAX_MONEY,
  type Owner,
  REFERENCE_TABLES,
  type ReferenceType,
  type ScalarType,
  isList,
  isReference,
  itemType,
} from "./field-types";
import { type SafePattern, compilePattern } from "./regex";

export interface Validations {
  min?: number | string;
  max?: number | string;
  regex?: string;
  choices?: string[];
}

export interface Definition {
  id: string;
  owner: Owner;
  key: string;
  type: FieldType;
  validations: Validations;
  filterable: boolean;
}

/** A value naming another resource, to be found in the store before the write. */
export interface Reference {
  type: ReferenceType;
  id: string;
  path: string;
}

export interface Checked {
  /** The value to store (normalized: UTC date-times, lower-case colors); undefined: no value (an empty list). */
  value?: unknown;
  errors: FieldError[];
  references: Reference[];
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/;
const COLOR_RE = /^#[0-9a-fA-F]{6}$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A real calendar date written YYYY-MM-DD. */
export function isDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** An ISO 8601 date-time with its offset, as UTC with milliseconds; null when it is not one. */
export function utcDateTime(text: string): string | null {
  const m = DATE_TIME_RE.exec(text);
  if (!m || !isDate(m[1]) || Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4] ?? 0) > 59) return null;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return null;
  const iso = new Date(ms).toISOString();
  return /^\d{4}-/.test(iso) ? iso : null;
}

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
};

/** At most 15 significant digits: the number is the same when written with 15. */
const fitsDecimal = (n: number) => Number(n.toPrecision(15)) === n;

const patterns = new Map<string, SafePattern>();
/** The compiled pattern (definitions were checked when saved, so it compiles). */
export function patternOf(source: string): SafePattern {
  let pattern = patterns.get(source);
  if (!pattern) {
    pattern = compilePattern(source);
    if (patterns.size >= 500) patterns.delete(patterns.keys().next().value!);
    patterns.set(source, pattern);
  }
  return pattern;
}

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * Whether `value` has an array or object more than `levels` deep (MAX_JSON_DEPTH says how levels count). Stops at the
 * first one, so the recursion is never deeper than `levels` + 1 whatever was sent.
 */
export function nestedDeeper(value: unknown, levels: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (levels === 0) return true;
  for (const member of Array.isArray(value) ? value : Object.values(value)) {
    if (nestedDeeper(member, levels - 1)) return true;
  }
  return false;
}

/**
 * One scalar value of `type`; `v` holds the validations that apply to it (a list's items get regex and choices,
 * not min/max, which count the list's items). Pushes errors; returns the value to store.
 */
function checkScalar(type: ScalarType | "json", raw: unknown, path: string, v: Validations, out: Checked): unknown {
  const fail = (message: string) => void out.errors.push({ path, message });
  if (type === "json") {
    // Before anything else, and so before any statement: SQLite refuses JSON nested past its own limit with an error
    // the write would answer as a 500.
    if (nestedDeeper(raw, MAX_JSON_DEPTH)) return fail(`must be nested at most ${MAX_JSON_DEPTH} levels deep`);
    const text = JSON.stringify(raw);
    if (text === undefined) return fail("must be a JSON value");
    if (utf8Bytes(text) > MAX_JSON_BYTES) return fail(`must be at most ${MAX_JSON_BYTES} bytes of JSON`);
    return raw;
  }
  if (type === "boolean") return typeof raw === "boolean" ? raw : fail("must be true or false");
  if (type === "integer" || type === "money" || type === "decimal") {
    if (typeof raw !== "number" || !Number.isFinite(raw)) return fail("must be a number");
    if (type === "integer" && !Number.isSafeInteger(raw)) return fail("must be an integer within ±9007199254740991");
    if (type === "money" && (!Number.isInteger(raw) || raw < 0 || raw > MAX_MONEY)) {
      return fail(`must be a whole number of minor units, 0..${MAX_MONEY}`);
    }
    if (type === "decimal" && !fitsDecimal(raw)) return fail("must have at most 15 significant digits");
    if (typeof v.min === "number" && raw < v.min) return fail(`must be at least ${v.min}`);
    if (typeof v.max === "number" && raw > v.max) return fail(`must be at most ${v.max}`);
    return raw;
  }
  if (typeof raw !== "string") return fail(isReference(type) ? `must be the id of ${REFERENCE_TABLES[type].what} of this store` : "must be a string");
  if (isReference(type)) {
    if (!UUID_RE.test(raw)) return fail(`is not ${REFERENCE_TABLES[type].what} of this store`);
    out.references.push({ type, id: raw, path });
    return raw;
  }
  if (type === "date" || type === "date_time") {
    const value = type === "date" ? (isDate(raw) ? raw : null) : utcDateTime(raw);
    if (value === null) return fail(type === "date" ? "must be a date YYYY-MM-DD" : "must be an ISO 8601 date-time with its offset, e.g. 2026-11-21T10:00:00Z");
    if (typeof v.min === "string" && value < v.min) return fail(`must be ${v.min} or later`);
    if (typeof v.max === "string" && value > v.max) return fail(`must be ${v.max} or earlier`);
    return value;
  }
  if (type === "color") return COLOR_RE.test(raw) ? raw.toLowerCase() : fail("must be a color #rrggbb");
  // Texts: text, multiline_text, url.
  if (raw.length === 0) return fail("must not be empty (send null to remove the value)");
  if (!(type === "multiline_text" ? TEXT_RE : LINE_RE).test(raw)) return fail(type === "multiline_text" ? TEXT_MESSAGE : LINE_MESSAGE);
  const limit = MAX_LENGTH[type]!;
  if (raw.length > limit) return fail(`must be at most ${limit} characters`);
  if (type === "url" && !isHttpUrl(raw)) return fail("must be an absolute http(s) URL");
  if (typeof v.min === "number" && raw.length < v.min) return fail(`must be at least ${v.min} characters`);
  if (typeof v.max === "number" && raw.length > v.max) return fail(`must be at most ${v.max} characters`);
  if (v.choices && !v.choices.includes(raw)) return fail(`must be one of the field's choices: ${v.choices.map((c) => JSON.stringify(c)).join(", ")}`);
  if (v.regex !== undefined && !patternOf(v.regex).test(raw)) return fail(`must match the pattern ${v.regex}`);
  return raw;
}

/** `raw` as a value of `definition` at `path` (`fields.<key>`; list items at `.<index>`). */
export function checkValue(definition: Definition, raw: unknown, path: string): Checked {
  const out: Checked = { errors: [], references: [] };
  const { type, validations: v } = definition;
  if (!isList(type)) {
    out.value = checkScalar(itemType(type), raw, path, v, out);
    return out;
  }
  if (!Array.isArray(raw)) {
    out.errors.push({ path, message: "must be a list" });
    return out;
  }
  if (raw.length > MAX_LIST_ITEMS) out.errors.push({ path, message: `must hold at most ${MAX_LIST_ITEMS} items` });
  else if (raw.length > 0 && typeof v.min === "number" && raw.length < v.min) out.errors.push({ path, message: `must hold at least ${v.min} items` });
  else if (typeof v.max === "number" && raw.length > v.max) out.errors.push({ path, message: `must hold at most ${v.max} items` });
  if (out.errors.length > 0) return out;
  const items = { regex: v.regex, choices: v.choices };
  const values = raw.map((item, i) => checkScalar(itemType(type), item, `${path}.${i}`, items, out));
  // An empty list is no value (docs/api/21-custom-fields.md): the key is left out.
  if (out.errors.length === 0 && values.length > 0) out.value = values;
  return out;
}

/** A CSV cell as the JSON value it stands for (`money` in minor units, `boolean` true/false, lists and json as JSON). */
export function cellValue(type: FieldType, cell: string): { value: unknown } | { error: string } {
  const base = itemType(type);
  if (isList(type) || base === "json") {
    try {
      return { value: JSON.parse(cell) };
    } catch {
      return { error: "must be JSON text" };
    }
  }
  if (base === "boolean") return cell === "true" || cell === "false" ? { value: cell === "true" } : { error: "must be true or false" };
  if (base === "integer" || base === "decimal" || base === "money") {
    return /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(cell) ? { value: Number(cell) } : { error: "must be a number" };
  }
  return { value: cell };
}

/** A stored value as its CSV cell. */
export function cellOf(type: FieldType, value: unknown): string {
  if (value === undefined || value === null) return "";
  const base = itemType(type);
  if (isList(type) || base === "json") return JSON.stringify(value);
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * A list filter's value (`field.<key>=...`, `.min`, `.max`) as the index stores it: numbers as numbers, booleans as
 * 1/0, date-times in UTC, colors in lower case, other texts exactly as given (case-sensitive).
 */
export function filterValue(type: FieldType, text: string): { value: string | number } | { error: string } {
  switch (type) {
    case "integer":
    case "money":
      return /^-?\d{1,16}$/.test(text) && Number.isSafeInteger(Number(text)) ? { value: Number(text) } : { error: "must be an integer" };
    case "decimal":
      return /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text) ? { value: Number(text) } : { error: "must be a number" };
    case "boolean":
      return text === "true" || text === "1" ? { value: 1 } : text === "false" || text === "0" ? { value: 0 } : { error: "must be true or false" };
    case "date":
      return isDate(text) ? { value: text } : { error: "must be a date YYYY-MM-DD" };
    case "date_time": {
      const value = utcDateTime(text);
      return value ? { value } : { error: "must be an ISO 8601 date-time with its offset" };
    }
    case "color":
      return COLOR_RE.test(text) ? { value: text.toLowerCase() } : { error: "must be a color #rrggbb" };
    default:
      return text.length > 0 ? { value: text } : { error: "must not be empty" };
  }
}
