// Money in any currency (docs/api/24-prices.md "Money and currencies"): amounts are integers in the currency's minor
// unit with ISO 4217's exponent (JPY 0, EUR 2, KWD 3); the console shows and takes them in major units with that
// many decimals ("500" for ¥500, "5.000" for 5000 fils, "12.50" for 1250 cents). The exponents come from the same
// source as the API's (src/lib/money.ts: the `currency-codes` package's ISO list, for the codes the runtime's Intl
// knows as currencies in use), not from Intl's display digits, which differ for 18 codes (CLDR shows HUF, IDR, COP
// ... with no decimals, while their minor unit is a hundredth). Conversion is exact: text and integers, never a
// floating point multiplication.
import { data as iso4217 } from "currency-codes";

const supportedCurrencies = (): string[] => {
  try {
    return Intl.supportedValuesOf("currency");
  } catch {
    return [];
  }
};

const inUse = new Set(supportedCurrencies());

/** Active ISO 4217 code → its minor unit exponent (what the API accepts as a currency). */
const EXPONENTS = new Map(iso4217.filter((c) => inUse.has(c.code) && Number.isInteger(c.digits)).map((c) => [c.code, c.digits]));

/** The currency's minor unit exponent: ISO 4217's, else the digits Intl shows it with, else 2. */
export function exponentOf(currency: string): number {
  const code = currency.trim().toUpperCase();
  const exponent = EXPONENTS.get(code);
  if (exponent !== undefined) return exponent;
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in minor units as major units with the currency's decimals: 500 JPY → "500", 5000 KWD → "5.000". */
export function formatMinor(minor: number, currency: string): string {
  const exponent = exponentOf(currency);
  const digits = String(Math.abs(Math.trunc(minor))).padStart(exponent + 1, "0");
  const text = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  return minor < 0 ? `-${text}` : text;
}

/**
 * Major units typed ("5", "5.5", "5.000") as minor units of `currency` (KWD: 5000, 5500, 5000); null when the text is
 * not a non-negative amount with at most the currency's decimals ("5.5" for JPY, "1.2345" for KWD).
 */
export function parseMinor(text: string, currency: string): number | null {
  const exponent = exponentOf(currency);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole, fraction = ""] = match;
  if (fraction.length > exponent) return null;
  const minor = Number(`${whole}${fraction.padEnd(exponent, "0")}`);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Five units of `currency` as typed: "5" (JPY), "5.00" (EUR), "5.000" (KWD). */
export const amountExample = (currency: string) => formatMinor(5 * 10 ** exponentOf(currency), currency);

/** How to type an amount in `currency`, for a field's error: "Enter an amount in KWD such as 5.000". */
export const amountWords = (currency: string) => `Enter an amount in ${currency} such as ${amountExample(currency)}`;

/** An amount with its currency, exact and with the currency's own decimals: 500 JPY → "¥500", 5000 KWD → "KWD 5.000". */
export function formatAmount(minor: number, currency: string): string {
  const exponent = exponentOf(currency);
  const major = formatMinor(minor, currency);
  try {
    const format = new Intl.NumberFormat(undefined, { style: "currency", currency, minimumFractionDigits: exponent, maximumFractionDigits: exponent });
    // A decimal string is formatted exactly (Intl.NumberFormat v3), whatever its size.
    return format.format(major as Intl.StringNumericLiteral);
  } catch {
    return `${major} ${currency}`;
  }
}

const currencyNames = (() => {
  try {
    return new Intl.DisplayNames(undefined, { type: "currency" });
  } catch {
    return null;
  }
})();

/** "JPY" → "Japanese Yen" (the code itself when the runtime has no name). */
export const currencyName = (code: string) => currencyNames?.of(code) ?? code;

export interface Choice {
  id: string;
  label: string;
}

/** The currencies the API accepts, by code: "JPY — Japanese Yen". */
export const CURRENCY_CHOICES: Choice[] = [...EXPONENTS.keys()].sort().map((code) => ({ id: code, label: `${code} — ${currencyName(code)}` }));
