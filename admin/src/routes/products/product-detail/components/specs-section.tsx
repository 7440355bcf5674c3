// Specs: grouped key/value rows, replaced as a whole (PUT .../specs) on the one form way (useApiForm: the rows are
// its `specs`, so the API's `specs.<i>.<name>` errors land beside their cell); unsaved rows are guarded, a save says
// so. An editable grid rather than a list, so it keeps its own table (in the same scroll box as DataTable's).
import { useEffect, useId } from "react";
import { useFieldArray } from "react-hook-form";
import { SaveStatus } from "../../../../components/common/save-status";
import { type ApiFormState, ApiFormProvider, FieldError, useApiForm, useFieldError } from "../../../../components/forms";
import { usePutSpecs, type Product } from "../../../../hooks/api/products";

type Row = { group: string; key: string; value: string };
type Values = { specs: Row[] };
const rowsOf = (specs: Product["specs"]): Values => ({ specs: specs.map((s) => ({ group: s.group ?? "", key: s.key, value: s.value })) });

/** One cell's input, named by its row and column, with the API's error for `specs.<i>.<name>` under it. */
function SpecCell({ form, index, name }: { form: ApiFormState<Values>; index: number; name: keyof Row }) {
  const path = `specs.${index}.${name}` as const;
  const id = useId();
  const message = useFieldError(path);
  return (
    <td>
      <input
        aria-label={`Spec ${index + 1} ${name === "key" ? "name" : name}`}
        {...form.register(path)}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
      />
      <FieldError name={path} id={`${id}-error`} />
    </td>
  );
}

export function SpecsSection({ product }: { product: Product }) {
  const form = useApiForm({
    defaultValues: rowsOf(product.specs),
    mutation: usePutSpecs(product.id),
    request: ({ specs }) => specs.map((r, position) => ({ ...r, group: r.group || null, position })),
  });
  const rows = useFieldArray({ control: form.control, name: "specs" });
  // The product read again (after this save, or a change elsewhere) is what the grid shows and compares with.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the specs as the server has them decide; `form` is new each render
  useEffect(() => form.saved(rowsOf(product.specs)), [product.specs]);
  return (
    <section className="card" aria-labelledby="specs-heading">
      <ApiFormProvider form={form}>
        <div className="section-header">
          <h2 id="specs-heading">Specs</h2>
          <button type="button" onClick={() => rows.append({ group: "General", key: "", value: "" })}>
            Add spec
          </button>
        </div>
        {rows.fields.length === 0 ? (
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
                {rows.fields.map((row, i) => (
                  <tr key={row.id}>
                    {(["group", "key", "value"] as const).map((k) => (
                      <SpecCell key={k} form={form} index={i} name={k} />
                    ))}
                    <td>
                      <button type="button" aria-label={`Remove spec ${i + 1}`} onClick={() => rows.remove(i)}>
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
          <button type="button" onClick={() => form.onSubmit()} disabled={form.pending}>
            Save specs
          </button>
          <SaveStatus state={form.status} stale={form.dirty} />
        </div>
      </ApiFormProvider>
    </section>
  );
}
