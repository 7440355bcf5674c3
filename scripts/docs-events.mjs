// `npm run docs:events`: writes the events table of docs/webhooks.md (each event, what it means, the read bit of its
// data) from the registries, src/events/names.ts and src/webhooks/read-bits.ts (src/webhooks/events-doc.ts renders
// it). `--check` fails when the document and the registries disagree, without writing.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { importSource } from "./lib/openapi-document.mjs";

const root = path.resolve(import.meta.dirname, "..");
const file = path.join(root, "docs/webhooks.md");
const { withEventsTable } = await importSource("src/webhooks/events-doc.ts");
const text = await readFile(file, "utf8");
const generated = withEventsTable(text);
if (process.argv.includes("--check")) {
  if (generated !== text) {
    console.error("docs/webhooks.md's events table is out of date with the registries: run `npm run docs:events` and commit.");
    process.exit(1);
  }
} else if (generated !== text) {
  await writeFile(file, generated);
  console.log("wrote docs/webhooks.md");
}
