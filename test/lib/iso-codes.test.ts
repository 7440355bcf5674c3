// src/lib/iso-codes.ts holds the codes of the two ISO tables as the packages list them (the Worker bundles the codes,
// not the packages' tables). When a package's list changes, this fails and prints the lines to paste there.
import { describe, expect, it } from "vitest";
import { data as iso4217 } from "currency-codes";
import countryCodes from "i18n-iso-countries/codes.json";
import { ISO3166_ALPHA2, ISO4217_MINOR_UNITS } from "../../src/lib/iso-codes";

const lines = (codes: string[]) => {
  const out: string[] = [];
  for (const code of codes) {
    const last = out.length - 1;
    if (last >= 0 && `${out[last]} ${code}`.length <= 110) out[last] += ` ${code}`;
    else out.push(code);
  }
  return out.map((line, i) => `  "${line}${i < out.length - 1 ? ' " +' : '";'}`).join("\n");
};

describe("src/lib/iso-codes.ts", () => {
  it("has every ISO 4217 currency with a minor unit, with its exponent, as currency-codes lists them", () => {
    const expected = iso4217
      .filter((c) => Number.isInteger(c.digits))
      .map((c) => `${c.code}${c.digits}`)
      .sort();
    expect(ISO4217_MINOR_UNITS.split(" "), `ISO4217_MINOR_UNITS =\n${lines(expected)}`).toEqual(expected);
  });

  it("has every ISO 3166-1 alpha-2 code, as i18n-iso-countries lists them", () => {
    const expected = (countryCodes as Array<[string, ...string[]]>).map(([alpha2]) => alpha2).sort();
    expect(ISO3166_ALPHA2.split(" "), `ISO3166_ALPHA2 =\n${lines(expected)}`).toEqual(expected);
  });
});
