// A write of custom field values whose definition was deleted meanwhile (./field-values.ts): the guard's failure and its
// 409. Its own module so that src/app.ts's error handler can recognise it without loading the field values' checks
// (and re2js) when the Worker starts (issue 50, docs/performance.md "The weight budget").
import { conflict } from "../lib/errors";
import { isNotNullViolation } from "../lib/db";

export const definitionsChanged = () =>
  conflict("A field definition was deleted while this request ran; nothing was applied: read the definitions again and retry");

/** Whether a batch failed on `definitionsStillThere`: src/app.ts answers it with `definitionsChanged`. */
export const isDefinitionsChanged = (error: unknown) => isNotNullViolation(error, "field_guards.ok");
