// Variants with price, stock and availability; "Add variant" (variable products) opens a dialog.
import { useState, type FormEvent } from "react";
import { Dialog, FormActions } from "../../../../components/common/dialog";
import { TextField } from "../../../../components/common/field";
import { Empty, ErrorMessage } from "../../../../components/common/query-state";
import type { Product } from "../../../../hooks/api/products";
import { useCreateVariant, useDeleteVariant } from "../../../../hooks/api/variants";
import { formatCents, parseMajor } from "../../../../lib/format";
import { ApiProblem } from "../../../../lib/problem";

const AVAILABILITY = { in_stock: "In stock", out_of_stock: "Out of stock", on_demand: "On demand" } as const;
const FULFILLMENT = [
  ["stocked", "Stocked"],
  ["on_demand", "On demand"],
  ["stocked_or_on_demand", "Stocked, then on demand"],
] as const;

function AddVariantDialog({ product, open, onClose }: { product: Product; open: boolean; onClose: () => void }) {
  const create = useCreateVariant(product.id);
  const blank = { sku: "", price: "", stock: "0", fulfillment: "stocked", optionName: "", optionValue: "" };
  const [form, setForm] = useState(blank);
  const [localError, setLocalError] = useState<ApiProblem | null>(null);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const price = parseMajor(form.price);
    if (price === null) {
      const message = "Enter an amount such as 12.50";
      return setLocalError(new ApiProblem(422, "validation_failed", message, [{ path: "price_cents", message }]));
    }
    setLocalError(null);
    const option = form.optionName.trim() && form.optionValue.trim();
    create.mutate(
      {
        price_cents: price,
        sku: form.sku.trim() || undefined,
        stock: Number(form.stock),
        fulfillment_mode: form.fulfillment as "stocked",
        option_values: option ? [{ name: form.optionName.trim(), value: form.optionValue.trim() }] : [],
      },
      { onSuccess: () => (setForm(blank), onClose()) },
    );
  };
  const error = localError ?? create.error;
  return (
    <Dialog title="Add variant" open={open} onClose={onClose}>
      <form onSubmit={submit}>
        <TextField label="SKU" value={form.sku} onChange={set("sku")} path="sku" error={error} />
        <TextField label="Price" inputMode="decimal" required value={form.price} onChange={set("price")} path="price_cents" error={error} />
        <TextField label="Stock" type="number" min={0} value={form.stock} onChange={set("stock")} path="stock" error={error} />
        <div className="field">
          <label htmlFor="variant-fulfillment">Fulfillment</label>
          <select id="variant-fulfillment" value={form.fulfillment} onChange={set("fulfillment")}>
            {FULFILLMENT.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <TextField label="Option name" placeholder="Size" value={form.optionName} onChange={set("optionName")} path="option_values" error={error} />
        <TextField label="Option value" placeholder="M" value={form.optionValue} onChange={set("optionValue")} />
        <ErrorMessage error={create.error} />
        <FormActions submit="Save variant" pending={create.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

export function VariantsSection({ product }: { product: Product }) {
  const [adding, setAdding] = useState(false);
  const remove = useDeleteVariant(product.id);
  const variants = product.variants;
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
                <td>{v.title}</td>
                <td>{v.sku ?? "—"}</td>
                <td>{formatCents(v.price_cents)}</td>
                <td>{v.stock}</td>
                <td>{AVAILABILITY[v.availability]}</td>
                <td>
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
      )}
      <ErrorMessage error={remove.error} />
      <AddVariantDialog product={product} open={adding} onClose={() => setAdding(false)} />
    </section>
  );
}
