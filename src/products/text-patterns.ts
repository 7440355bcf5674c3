// Patterns of the catalog's free-text fields, shared by the product and variant schemas.
// The patterns are also the OpenAPI document's `pattern` values, so they are written for any ECMA-262 validator:
// no flags (zod would print them after the source, which no validator strips) and explicit ranges rather than
// \p{Cc} (Unicode property escapes need the u flag and are unsupported by some validators). The control characters
// (\p{Cc}) are exactly U+0000-U+001F and U+007F-U+009F; test/security/openapi-patterns.test.ts checks both.
/** Single-line text: no control characters at all (a NUL would also break SQLite's text functions). */
export const LINE_RE = /^[^\u0000-\u001F\u007F-\u009F]*$/;
/** Multi-line text: tabs and line breaks (U+0009, U+000A, U+000D), but no other control characters. */
export const TEXT_RE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;
/** A SKU: no whitespace and no control characters. */
export const SKU_RE = /^[^\s\u0000-\u001F\u007F-\u009F]+$/;
