// The `regex` validation of custom fields (docs/decisions.md "Custom fields"), run in time linear in the value's
// length whatever the pattern: a store's own pattern runs on every write of the field, inside the Worker, so a
// backtracking engine (JavaScript's RegExp) would let one pattern such as `(a+)+$` spend a request's whole CPU
// budget on a 30-character value. Patterns run on re2js (RE2's automata in plain JavaScript): O(value length ×
// program size), with the program's size bounded per definition (REGEX_WORK_BUDGET).
//
// A pattern must compile both as RE2 and as JavaScript's RegExp with the `u` flag (so a console can run it as typed):
// what needs backtracking (backreferences, lookarounds) is refused (422), as RE2 refuses it. A value matches when the
// pattern matches somewhere in it (RegExp.test): anchor with ^...$ to constrain the whole value.
import { RE2JS } from "re2js";

export class PatternError extends Error {}

/** A compiled pattern: its RE2 program size (the work per character) and its test. */
export interface SafePattern {
  size: number;
  test(value: string): boolean;
}

/**
 * The most state visits one value may cost (program size × the longest value the field accepts, × its items for a
 * list): about 30 ms of CPU at worst, measured (docs/decisions.md "Custom fields"). A definition over it is a 422.
 */
export const REGEX_WORK_BUDGET = 1_000_000;

export function compilePattern(source: string): SafePattern {
  try {
    new RegExp(source, "u");
  } catch (error) {
    throw new PatternError(`is not a valid pattern: ${(error as Error).message}`);
  }
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(source);
  } catch (error) {
    throw new PatternError(`cannot run in linear time (backreferences and lookarounds are not supported): ${(error as Error).message}`);
  }
  return { size: compiled.programSize(), test: (value) => compiled.matcher(value).find() };
}
