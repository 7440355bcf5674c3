// "Export" downloads the catalog as CSV; "Import" sends a CSV file (same layout) and shows the background import's
// progress bar and the rows it skipped, with their line numbers.
import { useRef, useState } from "react";
import { ErrorMessage } from "../../../components/common/query-state";
import { useExportCatalog, useImport, useStartImport } from "../../../hooks/api/catalog-transfer";

export function CatalogTransfer() {
  const exporting = useExportCatalog();
  const starting = useStartImport();
  const [importId, setImportId] = useState<string | null>(null);
  const progress = useImport(importId);
  const fileInput = useRef<HTMLInputElement>(null);
  const state = progress.data;
  return (
    <div className="catalog-transfer">
      <div className="toolbar">
        <button type="button" onClick={() => exporting.mutate()} disabled={exporting.isPending}>
          {exporting.isPending ? "Exporting…" : "Export"}
        </button>
        <label>
          CSV file <input ref={fileInput} type="file" accept=".csv,text/csv" />
        </label>
        <button
          type="button"
          disabled={starting.isPending}
          onClick={() => {
            const file = fileInput.current?.files?.[0];
            if (file) starting.mutate(file, { onSuccess: (started) => setImportId(started.id) });
          }}
        >
          Import
        </button>
      </div>
      <ErrorMessage error={exporting.error ?? starting.error ?? progress.error} />
      {state && (
        <section aria-label="Import progress">
          <progress
            aria-label="Import progress"
            max={Math.max(state.rows_total, 1)}
            value={state.state === "done" ? Math.max(state.rows_total, 1) : state.rows_done}
          />
          <p role="status" aria-live="polite">
            Import {state.state}: {state.rows_done} of {state.rows_total} rows; {state.products_created} products created,{" "}
            {state.products_updated} updated; {state.variants_created} variants created, {state.variants_updated} updated
            {state.errors.length > 0 ? `; ${state.errors.length} rows skipped` : ""}.
          </p>
          {state.errors.length > 0 && (
            <ul className="import-errors" aria-label="Import errors">
              {state.errors.map((e) => (
                <li key={e.line}>
                  Line {e.line}: {e.message}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
