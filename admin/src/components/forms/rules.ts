// Field rules the console checks before sending (react-hook-form's `register(name, { validate })`), in the words the
// console has always used; the API checks every value again and its 422 lands at the same field.
import { parseMajor } from "../../lib/format";

export const AMOUNT_WORDS = "Enter an amount such as 12.50";

/** A money amount typed in major units ("12.50"); `optional` lets an empty one through. */
export const amount =
  (message = AMOUNT_WORDS, optional = false) =>
  (text: string) =>
    (optional && text.trim() === "") || parseMajor(text) !== null || message;
