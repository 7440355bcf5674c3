// Variants with price, stock and availability. "Add variant" (variable products) and "Edit variant <title>" (every
// row, the hidden default variant of a single product included, titled "Default") open the variant dialog.
import { useState } from "react";
import { Empty, ErrorMessage } from "../../../../components/common/query-state";
import type { Product } from "../../../../hooks/api/products";
import { useDeleteVariant, type Variant } from "../../../../hooks/api/variants";
import { formatCents } from "../../../../lib/format";
import { VariantDialog } from "./variant-dialog";

const AVAILABILITY = { in_stock: "In stock", out_of_stock: "Out of stock", on_demand: "On demand" } as const;

/** The default variant's stored title is the product's; ADMIN.md names it "Default" in the console. */
export const variantTitle = (v: Variant) => (v.is_default ? "Default" : v.title);

const describeOptions = (v: Variant) => v.option_values.map((o) => `${o.name}: ${o.value}`).join(", ");

export function VariantsSection({ product }: { product: Product }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const remove = useDeleteVariant(product.id);
  const variants = product.variants;
  const edited = variants.find((v) => v.id === editing);
  return (
    <section className="card" aria-labelledby="variants-heading">
      <div className="section-header">
        <h2 id="variants-heading">Variants</h2>
        {product.product_type === "variable" && (
          <button type="button" onClick={() => setAdding(true)}>
            Add variant
          </button>
        )}
      </div>
      {variants.length === 0 ? (
        <Empty>No variants yet: a variable product needs one before it can be published.</Empty>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Variants table">
          <table>
            <thead>
              <tr>
                <th scope="col">Variant</th>
                <th scope="col">SKU</th>
                <th scope="col">Price</th>
                <th scope="col">Stock</th>
                <th scope="col">Availability</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {variants.map((v) => (
                <tr key={v.id}>
                  <td>
                    {variantTitle(v)}
                    {v.option_values.length > 0 && <div className="hint">{describeOptions(v)}</div>}
                  </td>
                  <td>{v.sku ?? "—"}</td>
                  <td>{formatCents(v.price_cents)}</td>
                  <td>{v.stock}</td>
                  <td>{AVAILABILITY[v.availability]}</td>
                  <td className="actions">
                    <button type="button" aria-label={`Edit variant ${variantTitle(v)}`} onClick={() => setEditing(v.id)}>
                      Edit
                    </button>
                    {!v.is_default && (
                      <button type="button" aria-label={`Delete variant ${v.title}`} onClick={() => remove.mutate(v.id)}>
                        Delete
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ErrorMessage error={remove.error} />
      <VariantDialog product={product} open={adding} onClose={() => setAdding(false)} />
      {edited && (
        <VariantDialog
          key={`${edited.id}-${edited.updated_at}`}
          product={product}
          variant={{ ...edited, title: variantTitle(edited) }}
          open
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
