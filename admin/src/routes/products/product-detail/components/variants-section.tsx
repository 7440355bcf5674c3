// Variants with price (in the store's currency), stock (with where it is, once the store has several locations)
// and availability; deleting one is confirmed. "Add variant" (variable products) and "Edit variant <title>" (every
// row, the hidden default variant of a single product included, titled "Default") open the variant dialog. A single
// product's one variant also shows its "Stock by location" on the page once the store has several active locations
// (a variable product's are in each variant's dialog).
import { useState } from "react";
import { ConfirmButton } from "../../../../components/common/confirm-button";
import { ACTIONS_COLUMN, DataTable } from "../../../../components/common/data-table";
import { locationNamer, useAllLocations } from "../../../../hooks/api/locations";
import type { Product } from "../../../../hooks/api/products";
import { useDeleteVariant, type Variant } from "../../../../hooks/api/variants";
import { formatPrice, useDisplay } from "../../../../lib/format";
import { StockByLocation, stockTitle } from "./stock-by-location";
import { VariantDialog } from "./variant-dialog";

const AVAILABILITY = { in_stock: "In stock", out_of_stock: "Out of stock", on_demand: "On demand" } as const;

/** The default variant's stored title is the product's; docs/admin.md names it "Default" in the console. */
export const variantTitle = (v: Variant) => (v.is_default ? "Default" : v.title);

const describeOptions = (v: Variant) => v.option_values.map((o) => `${o.name}: ${o.value}`).join(", ");

export function VariantsSection({ product }: { product: Product }) {
  useDisplay();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState("");
  const remove = useDeleteVariant(product.id);
  const locationName = locationNamer(useAllLocations().data);
  const variants = product.variants;
  const edited = variants.find((v) => v.id === editing);
  const single = product.product_type === "single" && variants.length === 1 && variants[0].inventory.length > 1 ? variants[0] : null;
  // While a variant dialog is open the page's own stock table is out of reach (as the modal makes it) and out of
  // the accessibility tree, so "Stock by location" names one table: the dialog's.
  const dialogOpen = adding || Boolean(edited);
  return (
    <>
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
            {
              key: "stock",
              header: "Stock",
              cell: (v: Variant) => (
                <>
                  {v.stock}
                  {v.inventory.length > 1 && (
                    <div className="hint">{v.inventory.map((l) => `${locationName(l.location_id, l.location_code)} ${l.available}`).join(" · ")}</div>
                  )}
                </>
              ),
            },
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
      {single && (
        <div className="card" inert={dialogOpen} aria-hidden={dialogOpen || undefined}>
          <StockByLocation productId={product.id} variant={single} variantTitle={stockTitle(product.title, single)} heading="h2" />
        </div>
      )}
    </>
  );
}
