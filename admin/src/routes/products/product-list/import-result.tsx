// One import's state in words: a progress bar and a status line with the counts, which layout the file was read
// as, the rows skipped (errors, by line), what was imported otherwise than the file says (warnings, by line: an image
// URL that could not be fetched, ...) and, for a Shopify file, the columns with no counterpart here.
import type { CatalogFormat, ProductImport } from "../../../hooks/api/catalog-transfer";

const LAYOUT: Record<CatalogFormat, string> = { native: "this service's CSV", shopify: "a Shopify CSV" };
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function ImportResult({ state, chosen }: { state: ProductImport; chosen: CatalogFormat }) {
  const running = state.state === "queued" || state.state === "running";
  const layout =
    state.format === chosen
      ? `Read as ${LAYOUT[state.format]}.`
      : `Read as ${LAYOUT[state.format]}: its header says so, although ${chosen === "shopify" ? "Shopify CSV" : "this service's CSV"} was chosen.`;
  return (
    <section aria-label="Import progress">
      <progress
        aria-label="Import progress"
        max={Math.max(state.rows_total, 1)}
        value={state.state === "done" ? Math.max(state.rows_total, 1) : state.rows_done}
      />
      <p role="status" aria-live="polite">
        Import {state.state}: {state.rows_done} of {state.rows_total} rows; {state.products_created} products created, {state.products_updated} updated;{" "}
        {state.variants_created} variants created, {state.variants_updated} updated
        {state.errors.length > 0 ? `; ${plural(state.errors.length, "row")} skipped` : ""}
        {state.warnings.length > 0 ? `; ${plural(state.warnings.length, "warning")}` : ""}.{" "}
        {running && state.format === "shopify" ? "Images are fetched as the rows are imported. " : ""}
        {layout}
      </p>
      {state.errors.length > 0 && (
        <>
          <h2>Rows skipped</h2>
          <ul className="import-errors" aria-label="Import errors">
            {state.errors.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: read-only messages in line order; a line can have several
              <li key={`${e.line}-${i}`}>
                Line {e.line}: {e.message}
              </li>
            ))}
          </ul>
        </>
      )}
      {state.warnings.length > 0 && (
        <>
          <h2>Warnings</h2>
          <p>These rows were imported, but not exactly as the file says:</p>
          <ul className="import-warnings" aria-label="Import warnings">
            {state.warnings.map((w, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: read-only messages in line order; a line can have several
              <li key={`${w.line}-${i}`}>
                Line {w.line}: {w.message}
              </li>
            ))}
          </ul>
        </>
      )}
      {state.ignored_columns.length > 0 && (
        <>
          <h2>Columns ignored</h2>
          <p>{plural(state.ignored_columns.length, "column")} of the file have no counterpart here and were not read:</p>
          <ul className="ignored-columns" aria-label="Ignored columns">
            {state.ignored_columns.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
