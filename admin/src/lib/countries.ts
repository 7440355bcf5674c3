// Countries as the API takes them (docs/api/24-prices.md): ISO 3166-1 alpha-2 codes, from the same code table as the
// API's (`i18n-iso-countries`' codes.json, src/lib/money.ts), named in the browser's language by Intl.DisplayNames.
import codes from "i18n-iso-countries/codes.json";
import type { Choice } from "./money";

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(undefined, { type: "region" });
  } catch {
    return null;
  }
})();

/** "DE" → "Germany" (the code itself when the runtime has no name). */
export const countryName = (code: string) => regionNames?.of(code) ?? code;

/** Every ISO 3166-1 alpha-2 country, by name: "Germany (DE)". */
export const COUNTRY_CHOICES: Choice[] = (codes as Array<[string, ...string[]]>)
  .map(([code]) => ({ id: code, label: `${countryName(code)} (${code})` }))
  .sort((a, b) => a.label.localeCompare(b.label));
