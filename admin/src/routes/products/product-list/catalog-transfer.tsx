// The products screen's CSV exchange (docs/sync.md): "Export" downloads the catalog in this service's layout and
// "Shopify CSV" beside it in Shopify's product CSV layout; "Import" sends a file, in either layout (the choice says
// what to expect: the API recognises the layout by the header either way), and shows the background import's
// progress, the rows it skipped, its warnings and the columns it ignored (import-result.tsx).
import { useRef, useState } from "react";
import { ErrorMessage } from "../../../components/common/query-state";
import { type CatalogFormat, useExportCatalog, useImport, useStartImport } from "../../../hooks/api/catalog-transfer";
import { ImportResult } from "./import-result";

const HINTS: Record<CatalogFormat, string> = {
  native: "One row per variant, as Export writes it. Products are matched by handle, variants by SKU.",
  shopify:
    "Shopify's product export as Shopify writes it (the classic or the 2024 columns). Images are fetched from their Image Src URLs; " +
    "an image that cannot be fetched is a warning and the product is imported without it.",
};

export function CatalogTransfer() {
  const exporting = useExportCatalog();
  const starting = useStartImport();
  const [importId, setImportId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<CatalogFormat>("native");
  const [startedAs, setStartedAs] = useState<CatalogFormat>("native");
  const progress = useImport(importId);
  const fileInput = useRef<HTMLInputElement>(null);
  const exportingAs = exporting.isPending ? exporting.variables : null;
  return (
    <div className="catalog-transfer">
      <div className="toolbar">
        <div role="group" aria-label="Export as" className="button-group">
          <button type="button" onClick={() => exporting.mutate("native")} disabled={exporting.isPending}>
            {exportingAs === "native" ? "Exporting…" : "Export"}
          </button>
          <button type="button" onClick={() => exporting.mutate("shopify")} disabled={exporting.isPending} title="Export in Shopify's product CSV layout">
            {exportingAs === "shopify" ? "Exporting…" : "Shopify CSV"}
          </button>
        </div>
      </div>
      <fieldset className="import-choice">
        <legend>Import</legend>
        <label>
          <input type="radio" name="import-format" checked={chosen === "native"} onChange={() => setChosen("native")} />
          This service's CSV
        </label>
        <label>
          <input type="radio" name="import-format" checked={chosen === "shopify"} onChange={() => setChosen("shopify")} />
          Shopify CSV
        </label>
        <p className="hint" id="import-hint">
          {HINTS[chosen]} The layout is recognised from the file's header either way.
        </p>
        <div className="toolbar">
          <label>
            CSV file <input ref={fileInput} type="file" accept=".csv,text/csv" aria-describedby="import-hint" />
          </label>
          <button
            type="button"
            disabled={starting.isPending}
            onClick={() => {
              const file = fileInput.current?.files?.[0];
              if (!file) return;
              setImportId(null); // the previous import's result goes: what shows is this file's
              starting.mutate(file, {
                onSuccess: (started) => {
                  setStartedAs(chosen);
                  setImportId(started.id);
                },
              });
            }}
          >
            Import
          </button>
        </div>
      </fieldset>
      <ErrorMessage error={exporting.error ?? starting.error ?? progress.error} />
      {progress.data && <ImportResult state={progress.data} chosen={startedAs} />}
    </div>
  );
}
