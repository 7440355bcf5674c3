// Variants with price (in the store's currency), stock and availability; deleting one is confirmed. "Add variant" (variable products) and "Edit variant <title>" (every
// row, the hidden default variant of a single product included, titled "Default") open the variant dialog.
import { useState } from "react";
import { ConfirmButton } from "../../../../components/common/confirm-button";
import { ACTIONS_COLUMN, DataTable } from "../../../../components/common/data-table";
import type { Product } from "../../../../hooks/api/products";
import { useDeleteVariant, type Variant } from "../../../../hooks/api/variants";
import { formatPrice, useDisplay } from "../../../../lib/format";
import { VariantDialog } from "./variant-dialog";

const AVAILABILITY = { in_stock: "In stock", out_of_stock: "Out of stock", on_demand: "On demand" } as const;

/** The default variant's stored title is the product's; ADMIN.md names it "Default" in the console. */
export const variantTitle = (v: Variant) => (v.is_default ? "Default" : v.title);

const describeOptions = (v: Variant) => v.option_values.map((o) => `${o.name}: ${o.value}`).join(", ");

export function VariantsSection({ product }: { product: Product }) {
  useDisplay();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState("");
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
      <DataTable
        label="Variants"
        rows={variants}
        rowKey={(v) => v.id}
        error={remove.error}
        empty="No variants yet: a variable product needs one before it can be published."
        columns={[
          {
            key: "variant",
            header: "Variant",
            cell: (v: Variant) => (
              <>
                {variantTitle(v)}
                {v.option_values.length > 0 && <div className="hint">{describeOptions(v)}</div>}
              </>
            ),
          },
          { key: "sku", header: "SKU", cell: (v: Variant) => v.sku ?? "—" },
          { key: "price", header: "Price", cell: (v: Variant) => formatPrice(v.price_cents) },
          { key: "stock", header: "Stock", cell: (v: Variant) => v.stock },
          { key: "availability", header: "Availability", cell: (v: Variant) => AVAILABILITY[v.availability] },
          {
            ...ACTIONS_COLUMN,
            cell: (v: Variant) => (
              <>
                <button type="button" aria-label={`Edit variant ${variantTitle(v)}`} onClick={() => setEditing(v.id)}>
                  Edit
                </button>
                {!v.is_default && (
                  <ConfirmButton
                    label={`Delete variant ${v.title}`}
                    title={`Delete the variant “${v.title}”?`}
                    message="Its price, stock and SKU are deleted; orders that already hold it keep their lines."
                    action="Delete variant"
                    pending={remove.isPending}
                    onConfirm={() => remove.mutate(v.id)}
                  >
                    Delete
                  </ConfirmButton>
                )}
              </>
            ),
          },
        ]}
      />
      <p role="status" className="save-status">
        {saved}
      </p>
      {adding && <VariantDialog product={product} onClose={() => setAdding(false)} onSaved={(t) => setSaved(`Saved variant ${t}`)} />}
      {edited && (
        <VariantDialog
          key={edited.id}
          product={product}
          variant={{ ...edited, title: variantTitle(edited) }}
          onClose={() => setEditing(null)}
          onSaved={(t) => setSaved(`Saved variant ${t}`)}
        />
      )}
    </section>
  );
}
