// Currencies and countries (docs/pricing.md "Money"). A currency is accepted when ISO 4217's list one has it with a
// minor unit (the `currency-codes` package, which follows the ISO list) and the runtime's Intl knows it as a currency
// in use (Intl.supportedValuesOf): together, the active ISO 4217 currencies, without funds codes, precious metals or
// testing codes. Amounts are integers in the currency's minor unit, whose exponent is ISO 4217's (JPY 0, EUR 2,
// KWD 3). Countries are ISO 3166-1 alpha-2 codes (`i18n-iso-countries`' code table). No list is typed here: both come
// from the packages through src/lib/iso-codes.ts, their codes only (a test compares it with them).
import { z } from "@hono/zod-openapi";
import { ISO3166_ALPHA2, ISO4217_MINOR_UNITS } from "./iso-codes";

const inUse = new Set(typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("currency") : []);

/** Active ISO 4217 code → its minor unit exponent. */
const EXPONENTS = new Map(
  ISO4217_MINOR_UNITS.split(" ")
    .map((entry) => [entry.slice(0, 3), Number(entry.slice(3))] as const)
    .filter(([code]) => inUse.has(code)),
);

const COUNTRIES = new Set(ISO3166_ALPHA2.split(" "));

export const isCurrency = (code: string) => EXPONENTS.has(code);

/** The currency's minor unit exponent (JPY 0, EUR 2, KWD 3). */
export const exponentOf = (code: string): number => {
  const exponent = EXPONENTS.get(code);
  if (exponent === undefined) throw new Error(`not an active ISO 4217 currency: ${code}`);
  return exponent;
};

export const isCountry = (code: string) => COUNTRIES.has(code);

/** A `currency` wherever one is taken: an active ISO 4217 code (422 otherwise, `XYZ` included). */
export const currencyInput = z
  .string()
  .regex(/^[A-Z]{3}$/, { message: "must be an active ISO 4217 currency code, e.g. EUR", abort: true })
  .refine(isCurrency, "must be an active ISO 4217 currency code, e.g. EUR")
  .openapi({ description: "An active ISO 4217 currency code; amounts beside it are in its minor unit (JPY 0 decimals, EUR 2, KWD 3)", example: "EUR" });

/** A `country`: an ISO 3166-1 alpha-2 code (422 otherwise). */
export const countryInput = z
  .string()
  .regex(/^[A-Z]{2}$/, { message: "must be an ISO 3166-1 alpha-2 country code, e.g. DE", abort: true })
  .refine(isCountry, "must be an ISO 3166-1 alpha-2 country code, e.g. DE")
  .openapi({ description: "An ISO 3166-1 alpha-2 country code", example: "DE" });
