// Text is Unicode text (docs/api/13b-holder-limits.md): the one string type of every request body field and query
// parameter. A value holding a lone UTF-16 surrogate (D1 would store it as U+FFFD, so a later GET would differ from
// what the write answered) or a control character is refused with 422 naming the field; nothing is altered on the
// way in. Multi-line fields (descriptions, review bodies, spec values) also allow tab, LF and CR.
//
// The patterns are also the OpenAPI document's `pattern` values, so they are written for any ECMA-262 validator:
// no flags (zod would print them after the source, which no validator strips), explicit ranges rather than \p{Cc}
// (property escapes need the u flag), and the same meaning with or without the u flag: a surrogate pair is accepted
// as one code point (u) or as a high half followed by a low half (no u), and a half alone by neither.
// The control characters refused are \p{Cc}: U+0000-U+001F and U+007F (the contract's), and U+0080-U+009F (the C1
// controls, invisible like the others). test/lib/text.test.ts walks the document: every request string uses
// one of these (or is an enum, a UUID or a timestamp).
import { z } from "@hono/zod-openapi";

const PAIR = "[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]";
const textOf = (refused: string, quantifier: "*" | "+") => new RegExp(`^(?:[^${refused}\\uD800-\\uDFFF]|${PAIR})${quantifier}$`);

/** Single-line text: no control characters at all (a NUL would also break SQLite's text functions and FTS5). */
export const LINE_RE = textOf("\\u0000-\\u001F\\u007F-\\u009F", "*");
/** Multi-line text: tab and line breaks (U+0009, U+000A, U+000D), but no other control character. */
export const TEXT_RE = textOf("\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F", "*");
/** A SKU: text without whitespace. */
export const SKU_RE = textOf("\\s\\u0000-\\u001F\\u007F-\\u009F", "+");

export const LINE_MESSAGE = "must be single-line text: no control characters (line breaks and tabs included) and no unpaired UTF-16 surrogates";
export const TEXT_MESSAGE = "must be text: no control characters other than tab and line breaks, and no unpaired UTF-16 surrogates";
export const SKU_MESSAGE = "must not contain whitespace, control characters or unpaired UTF-16 surrogates";

/** A single-line string of a request (names, titles, search terms, URLs, codes). */
export const line = () => z.string().regex(LINE_RE, LINE_MESSAGE);

/** A multi-line string of a request (descriptions, review bodies, spec values). */
export const multiline = () => z.string().regex(TEXT_RE, TEXT_MESSAGE);

/** True when `value` is text of the given kind; for values that do not pass through a zod schema (CSV cells, multipart file names). */
export const isText = (value: string, multi = false) => (multi ? TEXT_RE : LINE_RE).test(value);
