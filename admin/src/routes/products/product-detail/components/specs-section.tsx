// Specs: grouped key/value rows, replaced as a whole (PUT .../specs); unsaved rows are guarded, a save says so.
// An editable grid rather than a list, so it keeps its own table (in the same scroll box as DataTable's).
import { useEffect, useState } from "react";
import { SaveStatus } from "../../../../components/common/save-status";
import { useUnsavedChanges } from "../../../../components/common/unsaved-changes";
import { usePutSpecs, type Product } from "../../../../hooks/api/products";
import { fieldError } from "../../../../lib/problem";

type Row = { group: string; key: string; value: string };
const rowsOf = (specs: Product["specs"]): Row[] => specs.map((s) => ({ group: s.group ?? "", key: s.key, value: s.value }));

export function SpecsSection({ product }: { product: Product }) {
  const put = usePutSpecs(product.id);
  const initial = () => rowsOf(product.specs);
  const [rows, setRows] = useState<Row[]>(initial);
  useEffect(() => setRows(rowsOf(product.specs)), [product.specs]);
  const dirty = JSON.stringify(rows) !== JSON.stringify(initial());
  useUnsavedChanges(dirty);
  const set = (i: number, key: keyof Row, value: string) => setRows(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  const save = () => put.mutate(rows.map((r, position) => ({ ...r, group: r.group || null, position })));
  return (
    <section className="card" aria-labelledby="specs-heading">
      <div className="section-header">
        <h2 id="specs-heading">Specs</h2>
        <button type="button" onClick={() => setRows([...rows, { group: "General", key: "", value: "" }])}>
          Add spec
        </button>
      </div>
      {rows.length === 0 ? (
        <p className="empty">No specs.</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Specs table">
        <table>
          <caption className="visually-hidden">Specs</caption>
          <thead>
            <tr>
              <th scope="col">Group</th>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: spec rows have no id; their inputs are controlled by index
              <tr key={i}>
                {(["group", "key", "value"] as const).map((k) => (
                  <td key={k}>
                    <input
                      aria-label={`Spec ${i + 1} ${k === "key" ? "name" : k}`}
                      value={r[k]}
                      onChange={(e) => set(i, k, e.target.value)}
                      aria-invalid={fieldError(put.error, `specs.${i}.${k}`) ? true : undefined}
                    />
                    {fieldError(put.error, `specs.${i}.${k}`) && (
                      <small className="field-error">{fieldError(put.error, `specs.${i}.${k}`)}</small>
                    )}
                  </td>
                ))}
                <td>
                  <button type="button" aria-label={`Remove spec ${i + 1}`} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
      <div className="actions">
        <button type="button" onClick={save} disabled={put.isPending}>
          Save specs
        </button>
        <SaveStatus state={put} stale={dirty} />
      </div>
    </section>
  );
}
