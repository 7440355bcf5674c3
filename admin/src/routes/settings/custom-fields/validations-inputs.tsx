// A field definition's validations in its dialog (docs/api/21-custom-fields.md), offered for its type only: min/max as
// numbers, amounts (major units, sent in minor units), dates, dates and times (on the store's clock, sent in UTC),
// lengths or item counts; a pattern and choices for texts. Typed as text; `toValidations` makes the body's
// `validations` or says what the console can tell is wrong (the API checks the rest, at `validations.<name>`).
import { TextArea, TextField } from "../../../components/common/field";
import { useApiFormContext } from "../../../components/forms";
import { type FieldType, type FieldValidations, validationsOf } from "../../../lib/field-types";
import { formatCents, parseMajor, useDisplay } from "../../../lib/format";
import { utcToWall, wallToUtc } from "../../../lib/zoned-time";
import { type ApiProblem, type FieldError, localProblems } from "../../../lib/problem";

export interface ValidationsForm {
  min: string;
  max: string;
  regex: string;
  /** One choice per line. */
  choices: string;
}

type MinMax = NonNullable<ReturnType<typeof validationsOf>["minMax"]>;

const LABELS: Record<MinMax, [string, string, string?]> = {
  number: ["Minimum", "Maximum"],
  integer: ["Minimum", "Maximum"],
  money: ["Minimum", "Maximum", "An amount such as 12.50"],
  date: ["Earliest", "Latest"],
  date_time: ["Earliest", "Latest", "In the store's time zone"],
  length: ["Minimum length", "Maximum length", "In characters"],
  count: ["Fewest items", "Most items"],
};

const boundText = (kind: MinMax | null, value: number | string | undefined, timeZone: string) => {
  if (value === undefined) return "";
  if (kind === "money" && typeof value === "number") return formatCents(value);
  if (kind === "date_time" && typeof value === "string") return utcToWall(value, timeZone);
  return String(value);
};

export function validationsForm(type: FieldType, v: FieldValidations | undefined, timeZone: string): ValidationsForm {
  const kind = validationsOf(type).minMax;
  return { min: boundText(kind, v?.min, timeZone), max: boundText(kind, v?.max, timeZone), regex: v?.regex ?? "", choices: (v?.choices ?? []).join("\n") };
}

/** The choices typed, one per line (blank lines ignored). */
const choicesOf = (text: string) =>
  text
    .split("\n")
    .map((c) => c.trim())
    .filter(Boolean);

/** The `validations` for `type` from the form (only what applies to it), or the problem to show at its field. */
export function toValidations(type: FieldType, form: ValidationsForm, timeZone: string): FieldValidations | ApiProblem {
  const rules = validationsOf(type);
  const out: FieldValidations = {};
  const errors: Array<{ path: string; message: string }> = [];
  for (const name of ["min", "max"] as const) {
    const text = form[name].trim();
    if (!rules.minMax || text === "") continue;
    const fail = (message: string) => errors.push({ path: `validations.${name}`, message });
    if (rules.minMax === "money") {
      const cents = parseMajor(text);
      if (cents === null) fail("Enter an amount such as 12.50");
      else out[name] = cents;
    } else if (rules.minMax === "date") out[name] = text;
    else if (rules.minMax === "date_time") {
      const utc = wallToUtc(text, timeZone);
      if (utc === null) fail("Enter a date and a time");
      else out[name] = utc;
    } else if (!Number.isFinite(Number(text))) fail("Enter a number");
    else out[name] = Number(text);
  }
  if (rules.regex && form.regex !== "") out.regex = form.regex;
  const choices = choicesOf(form.choices);
  if (rules.choices && choices.length > 0) out.choices = choices;
  if (errors.length > 0) return localProblems(errors);
  return out;
}

/** The API names a bad choice by its index (`validations.choices.2`): said under "Choices" with the choice itself. */
export function choiceErrors(errors: FieldError[], text: string): FieldError[] {
  const choices = choicesOf(text);
  const messages = errors.filter((e) => /^validations\.choices\.\d+$/.test(e.path)).map((e) => `“${choices[Number(e.path.split(".")[2])] ?? ""}” ${e.message}`);
  if (messages.length === 0) return errors;
  return [...errors.filter((e) => !/^validations\.choices\.\d+$/.test(e.path)), { path: "validations.choices", message: messages.join("; ") }];
}

/** The validations' inputs for `type`, the form's values `validations.<name>` (inside a definition's form). */
export function ValidationsInputs({ type }: { type: FieldType }) {
  const rules = validationsOf(type);
  const display = useDisplay();
  const form = useApiFormContext();
  if (!form || (!rules.minMax && !rules.regex && !rules.choices)) return null;
  const register = (name: keyof ValidationsForm) => form.register(`validations.${name}`);
  const [minLabel, maxLabel, hint] = rules.minMax ? LABELS[rules.minMax] : ["", ""];
  const input =
    rules.minMax === "date"
      ? { type: "date" }
      : rules.minMax === "date_time"
        ? { type: "datetime-local", step: 1 }
        : rules.minMax === "money"
          ? { inputMode: "decimal" as const }
          : { type: "number", step: "any" };
  const boundHint = rules.minMax === "date_time" ? `${hint} (${display.timeZone})` : hint;
  return (
    <fieldset>
      <legend>Validations</legend>
      {rules.minMax && (
        <div className="form-grid">
          <TextField label={minLabel} {...input} {...register("min")} hint={boundHint} />
          <TextField label={maxLabel} {...input} {...register("max")} hint={boundHint} />
        </div>
      )}
      {rules.regex && (
        <TextField
          label="Pattern"
          {...register("regex")}
          spellCheck={false}
          hint="A regular expression the value must match; ^…$ for the whole value, e.g. ^[A-Z]{3}-\d+$"
        />
      )}
      {rules.choices && (
        <TextArea label="Choices" rows={3} {...register("choices")} hint="One per line; the value must be one of them (a combobox in the forms)" />
      )}
    </fieldset>
  );
}
