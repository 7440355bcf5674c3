// Custom field values in a form (docs/api/21-custom-fields.md): what each input shows for a stored value, and the `fields` of a
// create or PATCH body from what was typed. A form holds `{stored, drafts}`: the record's values as the API returned
// them, and the inputs typed into (a draft equal to what the stored value shows is dropped, so a field typed back
// to its value is not an edit). Money is typed in major units (12.50) and sent in minor units; a date and time is
// typed on the store's wall clock and sent in UTC; JSON is typed as text.
import { formatCents, parseMajor } from "./format";
import { type FieldDefinition, type FieldType, isList, itemType } from "./field-types";
import { utcToWall, wallToUtc } from "./zoned-time";

export type Draft = string | string[];

export interface FieldsState {
  stored: Record<string, unknown>;
  drafts: Record<string, Draft>;
}

export const fieldsState = (stored?: Record<string, unknown> | null): FieldsState => ({ stored: stored ?? {}, drafts: {} });

type Definition = Pick<FieldDefinition, "key" | "type">;

/** One stored value as its input's text. */
export function scalarText(type: FieldType, value: unknown, timeZone: string): string {
  if (value === undefined || value === null) return "";
  const base = itemType(type);
  if (base === "boolean") return value === true ? "true" : "false";
  if (base === "money" && typeof value === "number") return formatCents(value);
  if (base === "date_time" && typeof value === "string") return utcToWall(value, timeZone);
  if (base === "json") return JSON.stringify(value, null, 2);
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** What the field's input shows for a stored value (a list: one text per item). */
export function draftOf(definition: Definition, value: unknown, timeZone: string): Draft {
  if (isList(definition.type)) return Array.isArray(value) ? value.map((v) => scalarText(definition.type, v, timeZone)) : [];
  return scalarText(definition.type, value, timeZone);
}

/** The draft shown for a key: what was typed, else the stored value's text. */
export const shownDraft = (state: FieldsState, definition: Definition, timeZone: string): Draft =>
  state.drafts[definition.key] ?? draftOf(definition, state.stored[definition.key], timeZone);

/**
 * The state after typing `draft` into a field (dropped when it reads as the stored value again). A checkbox cannot
 * say "no value": unticked on a field that has none, it stays without one (false is sent only over a stored true).
 */
export function withDraft(state: FieldsState, definition: Definition, draft: Draft, timeZone: string): FieldsState {
  const drafts = { ...state.drafts };
  const stored = state.stored[definition.key];
  const typed = definition.type === "boolean" && draft === "false" && stored === undefined ? "" : draft;
  if (JSON.stringify(typed) === JSON.stringify(draftOf(definition, stored, timeZone))) delete drafts[definition.key];
  else drafts[definition.key] = typed;
  return { ...state, drafts };
}

type Parsed = { value: unknown } | { error: string } | { empty: true };

/** A typed text as the value to send; `error` when the console can tell it is none (the API checks the rest). */
export function parseScalar(type: FieldType, text: string, timeZone: string): Parsed {
  const base = itemType(type);
  if (text.trim() === "") return { empty: true };
  switch (base) {
    case "boolean":
      return { value: text === "true" };
    case "integer":
    case "decimal": {
      const n = Number(text.trim());
      return Number.isFinite(n) ? { value: n } : { error: "Enter a number" };
    }
    case "money": {
      const cents = parseMajor(text);
      return cents === null ? { error: "Enter an amount such as 12.50" } : { value: cents };
    }
    case "date_time": {
      const utc = wallToUtc(text.trim(), timeZone);
      return utc ? { value: utc } : { error: "Enter a date and a time" };
    }
    case "json":
      try {
        return { value: JSON.parse(text) };
      } catch {
        return { error: 'Enter JSON, such as {"size": 3} or [1, 2]' };
      }
    case "date":
    case "color":
      return { value: text.trim() };
    default:
      // Texts, URLs and references: as typed (the API decides what a text may hold).
      return { value: text };
  }
}

/**
 * The `fields` of a body from the typed drafts: a create sends the values given; an update sends what changed, an
 * emptied field as null (removed). Returns the errors the console can tell, at `fields.<key>` (`.<index>` in lists).
 */
export function fieldsBody(
  definitions: Definition[],
  state: FieldsState,
  timeZone: string,
  mode: "create" | "update",
): { fields?: Record<string, unknown>; errors: Array<{ path: string; message: string }> } {
  const fields: Record<string, unknown> = {};
  const errors: Array<{ path: string; message: string }> = [];
  const remove = (key: string) => {
    if (mode === "update" && state.stored[key] !== undefined) fields[key] = null;
  };
  for (const definition of definitions) {
    const { key, type } = definition;
    const draft = state.drafts[key];
    if (draft === undefined) continue;
    const path = `fields.${key}`;
    if (Array.isArray(draft)) {
      // A list: every item is a value (an empty list is no value: removed).
      if (draft.length === 0) {
        remove(key);
        continue;
      }
      const values = draft.map((text, i) => {
        const parsed = parseScalar(type, text, timeZone);
        if ("empty" in parsed) errors.push({ path: `${path}.${i}`, message: "Enter a value, or remove this item" });
        if ("error" in parsed) errors.push({ path: `${path}.${i}`, message: parsed.error });
        return "value" in parsed ? parsed.value : null;
      });
      fields[key] = values;
      continue;
    }
    const parsed = parseScalar(type, draft, timeZone);
    if ("empty" in parsed) remove(key);
    else if ("error" in parsed) errors.push({ path, message: parsed.error });
    else fields[key] = parsed.value;
  }
  return { fields: Object.keys(fields).length > 0 ? fields : undefined, errors };
}
