// The zod entry of the Worker (src/lib/zod/index.js, wrangler.toml [alias]): zod's own, less its locales, its
// compiler and fromJSONSchema (src/lib/zod/index.js says why), and with English messages as before. The tests run on
// it (vitest.config.ts), so these checks also tell that the alias reaches @hono/zod-openapi's import.
import { describe, expect, it } from "vitest";
import { z } from "@hono/zod-openapi";
// zod's own entry, by path: "zod" itself resolves to src/lib/zod/index.js here.
import * as full from "../../node_modules/zod/index.js";

const LEFT_OUT = ["locales", "compile", "withParser", "INVALID", "ZodCompileAsyncError", "ZodCompileUnsupportedError", "fromJSONSchema"];
const LEFT_OUT_OF_CORE = ["locales", "compile", "compileFn", "withParser", "INVALID", "ZodCompileAsyncError", "ZodCompileUnsupportedError"];

describe("the Worker's zod entry", () => {
  it("is what @hono/zod-openapi's z is, without the locales", () => {
    expect("locales" in z).toBe(false);
    expect("locales" in z.core).toBe(false);
  });

  it("names everything zod's entry does but what it leaves out, bound to the same values", () => {
    const real = full as unknown as Record<string, unknown>;
    const ours = z as unknown as Record<string, unknown>;
    expect(
      Object.keys(real)
        .filter((k) => !(k in ours))
        .sort(),
    ).toEqual([...LEFT_OUT].sort());
    expect(Object.keys(ours).filter((k) => !(k in real))).toEqual([]);
    for (const k of Object.keys(ours)) {
      if (k === "z" || k === "default" || k === "core") continue;
      expect(ours[k], k).toBe(real[k]);
    }
    const realCore = real.core as Record<string, unknown>;
    const ourCore = ours.core as unknown as Record<string, unknown>;
    expect(
      Object.keys(realCore)
        .filter((k) => !(k in ourCore))
        .sort(),
    ).toEqual([...LEFT_OUT_OF_CORE].sort());
    expect(Object.keys(ourCore).filter((k) => !(k in realCore))).toEqual([]);
    for (const k of Object.keys(ourCore)) expect(ourCore[k], `core.${k}`).toBe(realCore[k]);
  });

  it("keeps zod's English messages", () => {
    const issues = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.message);
    expect(issues(z.string(), 1)).toEqual(["Invalid input: expected string, received number"]);
    expect(issues(z.string().min(3), "ab")).toEqual(["Too small: expected string to have >=3 characters"]);
    expect(issues(z.number().int().max(10), 11)).toEqual(["Too big: expected number to be <=10"]);
    expect(issues(z.enum(["a", "b"]), "c")).toEqual(['Invalid option: expected one of "a"|"b"']);
    expect(issues(z.strictObject({ a: z.string() }), { a: "x", b: 1 })).toEqual(['Unrecognized key: "b"']);
    expect(issues(z.email(), "nope")).toEqual(["Invalid email address"]);
  });
});
