// What the Worker gets for `import ... from "zod"` (wrangler.toml [alias] for the bundle, vitest.config.ts for the
// tests; @hono/zod-openapi imports it so and re-exports its `z`): zod 4's own entry (zod/index.js, which is
// zod/v4/classic/external.js) less what the Worker never runs and the bundler cannot leave out by itself, because `z`
// is a namespace object handed around whole and everything it names is kept (npm run check:weight, docs/performance.md
// "The deployed Worker"):
// - `z.locales` and `z.core.locales`, the error messages of every language zod ships (about 360 KiB unminified, a
//   sixth of the bundle). English stays: zod's schemas register it themselves (zod/v4/classic/schemas.js imports its
//   locales/en.js), and the API's messages are English or written in the schemas. Nothing here calls z.config().
// - `z.compile` and its kin (`compileFn`, `withParser`, `INVALID`, `ZodCompile*Error`: zod/v4/core/compile.js, 29 KiB
//   minified) and `z.fromJSONSchema` (12 KiB): schemas are written here, never compiled to code or read from JSON
//   Schema. `z.toJSONSchema` stays (the webhook event schemas use it).
//
// The same module files as zod's entry, so every class and registry is zod's one instance. TypeScript reads the real
// "zod" (its types still name what is left out: the tests run on this entry, so a use of one fails there);
// test/lib/zod-entry.test.ts checks this entry names everything the real one does but the above. When zod is
// upgraded, compare with node_modules/zod/v4/classic/external.js and node_modules/zod/v4/core/index.js.
import * as z from "./index.js";

export * as core from "./core.js";
export * from "../../../node_modules/zod/v4/classic/schemas.js";
export * from "../../../node_modules/zod/v4/classic/checks.js";
export * from "../../../node_modules/zod/v4/classic/errors.js";
export * from "../../../node_modules/zod/v4/classic/parse.js";
export * from "../../../node_modules/zod/v4/classic/compat.js";
export {
  globalRegistry,
  registry,
  config,
  memoizer,
  $output,
  $input,
  $brand,
  clone,
  regexes,
  treeifyError,
  prettifyError,
  formatError,
  flattenError,
  TimePrecision,
  util,
  NEVER,
  toZod,
  getDiscriminatedOption,
} from "../../../node_modules/zod/v4/core/index.js";
export { toJSONSchema } from "../../../node_modules/zod/v4/core/json-schema-processors.js";
export { deepPartial } from "../../../node_modules/zod/v4/classic/deep-partial.js";
export { input, output } from "../../../node_modules/zod/v4/classic/in-out.js";
export { ZodISODateTime, ZodISODate, ZodISOTime, ZodISODuration } from "../../../node_modules/zod/v4/classic/iso.js";
export * as iso from "../../../node_modules/zod/v4/classic/iso.js";
export * as coerce from "../../../node_modules/zod/v4/classic/coerce.js";
export { z, z as default };
