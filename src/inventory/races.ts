// How an inventory change answers when its batch lost a race (docs/inventory.md "Races"): a guard of the batch
// failed (a target went, a compare_on_hand or a source's available no longer holds), the levels' CHECK refused a
// result (0 <= committed <= on_hand <= 1e9), or a foreign key met a deleted row. The batch rolled back whole; the
// service reads again and answers what it finds, and a second lost race is a 409 to retry.
import { ApiError, type FieldError } from "../lib/errors";
import { isCheckViolation, isForeignKeyViolation } from "../lib/db";
import { failedGuard } from "../lib/guards";

export const isRaceLost = (error: unknown) => failedGuard(error) !== null || isCheckViolation(error) || isForeignKeyViolation(error);

export const raceLost = () => new ApiError("conflict", "The levels changed while this request ran; nothing was changed, retry it");

/** The 422 of every bad item at once. */
export const levelsInvalid = (errors: FieldError[]) => new ApiError("validation_failed", errors.map((e) => `${e.path}: ${e.message}`).join("; "), { errors });
