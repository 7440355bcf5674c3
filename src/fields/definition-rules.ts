// What a definition may say (docs/api/21-custom-fields.md), checked before it is saved: validations that fit its type (min/max
// as numbers, dates, lengths or item counts; regex and choices for texts), a pattern that compiles and runs within
// the work budget for the longest value the field accepts, choices that are themselves valid values, and
// `filterable` only for scalar product and variant fields. Every problem at once, at `validations.<name>`.
import { ApiError, type FieldError } from "../lib/errors";
import {
  FILTERABLE_OWNERS,
  type FieldType,
  MAX_LENGTH,
  MAX_LIST_ITEMS,
  type Owner,
  type ScalarType,
  isFilterableType,
  isList,
  itemType,
  validationsOf,
} from "./field-types";
import { PatternError, REGEX_WORK_BUDGET, compilePattern } from "./regex";
import { type Validations, checkValue, isDate, utcDateTime } from "./values";

/** The definition's validations as stored (date-time bounds in UTC), or a 422 naming every problem. */
export function checkDefinition(owner: Owner, type: FieldType, input: Validations | null | undefined, filterable: boolean): Validations {
  const errors: FieldError[] = [];
  const at = (name: string, message: string) => errors.push({ path: name === "filterable" ? name : `validations.${name}`, message });
  const rules = validationsOf(type);
  const out: Validations = {};
  const v = input ?? {};

  for (const name of ["min", "max"] as const) {
    const given = v[name];
    if (given === undefined) continue;
    if (rules.minMax === null) {
      at(name, `does not apply to ${type} fields`);
      continue;
    }
    const bound = boundOf(rules.minMax, type, given);
    if (typeof bound === "string" && bound.startsWith("!")) at(name, bound.slice(1));
    else out[name] = bound;
  }
  if (out.min !== undefined && out.max !== undefined && out.min > out.max) at("max", "must not be less than min");

  if (v.regex !== undefined) {
    if (!rules.regex) at("regex", `does not apply to ${type} fields`);
    else {
      try {
        const pattern = compilePattern(v.regex);
        const work = pattern.size * longestValue(type, out) * (isList(type) ? ((out.max as number | undefined) ?? MAX_LIST_ITEMS) : 1);
        if (work > REGEX_WORK_BUDGET) {
          at(
            "regex",
            `too costly for values this long: ${pattern.size} steps per character × the longest value allowed exceeds ${REGEX_WORK_BUDGET} (shorten the pattern, or set a lower max)`,
          );
        } else out.regex = v.regex;
      } catch (error) {
        if (!(error instanceof PatternError)) throw error;
        at("regex", error.message);
      }
    }
  }

  if (v.choices !== undefined) {
    if (!rules.choices) at("choices", `does not apply to ${type} fields`);
    else {
      const base = itemType(type) as ScalarType;
      // Each choice is a value the field accepts: its type, and its length bounds and pattern (lists: the items').
      const probe = { id: "", owner, key: "", type: base, filterable: false, validations: isList(type) ? { regex: out.regex } : { ...out } };
      const seen = new Set<string>();
      v.choices.forEach((choice, i) => {
        const checked = checkValue(probe, choice, `validations.choices.${i}`);
        errors.push(...checked.errors);
        if (seen.has(choice)) errors.push({ path: `validations.choices.${i}`, message: "is listed twice" });
        seen.add(choice);
      });
      out.choices = v.choices;
    }
  }

  if (filterable && !FILTERABLE_OWNERS.includes(owner))
    at("filterable", "only product and variant fields can be filterable (the product list filters by them)");
  else if (filterable && !isFilterableType(type)) at("filterable", `a ${type} field cannot be filterable (scalar types only)`);

  if (errors.length > 0) throw new ApiError("validation_failed", errors.map((e) => `${e.path}: ${e.message}`).join("; "), { errors });
  return out;
}

/** A min/max bound as stored, or "!message". */
function boundOf(kind: NonNullable<ReturnType<typeof validationsOf>["minMax"]>, type: FieldType, given: number | string): number | string {
  if (kind === "date") return typeof given === "string" && isDate(given) ? given : "!must be a date YYYY-MM-DD";
  if (kind === "date_time") return (typeof given === "string" && utcDateTime(given)) || "!must be an ISO 8601 date-time with its offset";
  if (typeof given !== "number" || !Number.isFinite(given)) return "!must be a number";
  if (kind === "number") return given;
  if (!Number.isSafeInteger(given)) return "!must be an integer";
  if (kind === "integer") return given;
  const limit = kind === "count" ? MAX_LIST_ITEMS : MAX_LENGTH[itemType(type) as ScalarType]!;
  return given >= 0 && given <= limit ? given : `!must be 0..${limit} (${kind === "count" ? "items" : "characters"})`;
}

/** The longest value (characters) a text field accepts, per item for a list. */
function longestValue(type: FieldType, v: Validations): number {
  const limit = MAX_LENGTH[itemType(type) as ScalarType] ?? 0;
  return !isList(type) && typeof v.max === "number" ? Math.min(v.max, limit) : limit;
}
