// "Add variant" and "Edit variant <title>": every field of a variant (SKU, price, stock, fulfillment, up to three
// option name/value pairs, the shipping box), then the variant's custom fields. Adding POSTs; editing PATCHes the
// same fields (custom fields: what changed). Rendered while open.
// Editing also shows the variant's "Stock by location" (Adjust, Transfer stock). "Stock" sets the default location's
// stock while no other location holds any; after that it shows the total, read-only, and points to "Adjust".
import { useState } from "react";
import { useEditForm } from "../../../../components/common/edit-form";
import { FormDialog } from "../../../../components/common/form-dialog";
import { SelectField, TextField } from "../../../../components/common/field";
import { CustomFields, useCustomFields } from "../../../../components/custom-fields/custom-fields";
import { useAllLocations } from "../../../../hooks/api/locations";
import type { Product } from "../../../../hooks/api/products";
import { useCreateVariant, useUpdateVariant, type Variant } from "../../../../hooks/api/variants";
import { type FieldsState, fieldsState } from "../../../../lib/field-values";
import { formatCents, parseMajor } from "../../../../lib/format";
import { ApiProblem, localProblem } from "../../../../lib/problem";
import { defaultLocation, StockByLocation, stockIsWritable, stockTitle } from "./stock-by-location";

const FULFILLMENT = [
  ["stocked", "Stocked"],
  ["on_demand", "On demand"],
  ["stocked_or_on_demand", "Stocked, then on demand"],
] as const;
/** A variant carries up to three options (Size x Colour x Material), as Shopify's do. */
export const MAX_OPTIONS = 3;
const BOX = [
  ["length_mm", "Length (mm)"],
  ["width_mm", "Width (mm)"],
  ["height_mm", "Height (mm)"],
  ["weight_g", "Weight (g)"],
] as const;
type BoxKey = (typeof BOX)[number][0];

type Form = {
  sku: string;
  price: string;
  compareAt: string;
  /** null: not typed into (the variant's current stock shows, and is not sent). */
  stock: string | null;
  fulfillment: string;
  options: Array<{ name: string; value: string }>;
  box: Record<BoxKey, string>;
  fields: FieldsState;
};

function initial(variant?: Variant): Form {
  const options = Array.from({ length: MAX_OPTIONS }, (_, i) => variant?.option_values[i] ?? { name: "", value: "" });
  const b = variant?.shipping_box;
  return {
    sku: variant?.sku ?? "",
    price: variant ? formatCents(variant.price_cents) : "",
    compareAt: variant?.compare_at_price_cents != null ? formatCents(variant.compare_at_price_cents) : "",
    stock: variant ? null : "0",
    fulfillment: variant?.fulfillment_mode ?? "stocked",
    options,
    box: {
      length_mm: b ? String(b.length_mm) : "",
      width_mm: b ? String(b.width_mm) : "",
      height_mm: b ? String(b.height_mm) : "",
      weight_g: b ? String(b.weight_g) : "",
    },
    fields: fieldsState(variant?.fields),
  };
}

const invalid = localProblem;

/** The request body, or a field error the console can tell before sending (the API checks the values again). */
function toBody(form: Form) {
  const price = parseMajor(form.price);
  if (price === null) return invalid("price_cents", "Enter an amount such as 12.50");
  const compareAt = form.compareAt.trim() ? parseMajor(form.compareAt) : null;
  if (compareAt === null && form.compareAt.trim()) return invalid("compare_at_price_cents", "Enter an amount such as 15.00, or leave it empty");
  const options = form.options
    .map((o) => ({ name: o.name.trim(), value: o.value.trim() }))
    .filter((o) => o.name || o.value);
  const half = options.findIndex((o) => !o.name || !o.value);
  if (half >= 0) return invalid(`option_values.${half}.name`, "Give each option both a name and a value");
  const boxValues = BOX.map(([key]) => form.box[key].trim());
  let shipping_box: Record<BoxKey, number> | null = null;
  if (boxValues.some(Boolean)) {
    if (!boxValues.every((v) => /^\d+$/.test(v))) return invalid("shipping_box", "Give all four box measures as whole numbers");
    shipping_box = Object.fromEntries(BOX.map(([key], i) => [key, Number(boxValues[i])])) as Record<BoxKey, number>;
  }
  return {
    price_cents: price,
    compare_at_price_cents: compareAt,
    sku: form.sku.trim() || null,
    // Sent only when typed into: an adjustment made meanwhile (Adjust, an order) is not written over.
    stock: form.stock === null ? undefined : Number(form.stock),
    fulfillment_mode: form.fulfillment as "stocked",
    option_values: options,
    shipping_box,
  };
}

export function VariantDialog(props: {
  product: Product;
  variant?: Variant;
  onClose: () => void;
  /** After a successful save, with the variant's title: the section says so beside its table. */
  onSaved?: (title: string) => void;
}) {
  const { product, variant } = props;
  const create = useCreateVariant(product.id);
  const update = useUpdateVariant(product.id, variant?.id ?? "");
  const mutation = variant ? update : create;
  const custom = useCustomFields("variant");
  const edit = useEditForm(initial(variant));
  const form = edit.form;
  const [localError, setLocalError] = useState<ApiProblem | null>(null);
  const locations = useAllLocations();
  const home = defaultLocation(locations.data);
  const activeLocations = variant ? variant.inventory.length : (locations.data ?? []).filter((l) => l.active).length;
  const stockWritable = !variant || stockIsWritable(variant, locations.data);
  const setOption = (i: number, key: "name" | "value", value: string) =>
    edit.setValue("options", form.options.map((o, j) => (j === i ? { ...o, [key]: value } : o)));
  const submit = () => {
    const body = toBody(stockWritable ? form : { ...form, stock: null });
    if (body instanceof ApiProblem) return setLocalError(body);
    const fields = custom.body(form.fields, variant ? "update" : "create");
    if (fields instanceof ApiProblem) return setLocalError(fields);
    setLocalError(null);
    mutation.mutate({ ...body, ...fields }, { onSuccess: (saved) => (props.onSaved?.(saved.title), props.onClose()) });
  };
  const error = localError ?? mutation.error;
  const title = variant ? `Edit variant ${variant.title}` : "Add variant";
  return (
    <FormDialog
      title={title}
      form={edit}
      onClose={props.onClose}
      onSubmit={submit}
      submit="Save variant"
      pending={mutation.isPending}
      error={error}
      className="variant-form"
    >
      <div className="form-grid">
        <TextField label="SKU" value={form.sku} onChange={edit.set("sku")} path="sku" error={error} />
        <TextField label="Price" inputMode="decimal" required value={form.price} onChange={edit.set("price")} path="price_cents" error={error} />
        <TextField label="Compare-at price" inputMode="decimal" value={form.compareAt} onChange={edit.set("compareAt")} path="compare_at_price_cents" error={error}
          hint="The price before a sale; at least the price" />
        {stockWritable ? (
          <TextField label="Stock" type="number" min={0} value={form.stock ?? String(variant?.stock ?? 0)}
            onChange={(e) => edit.setValue("stock", e.target.value)} path="stock" error={error}
            hint={home && activeLocations > 1 ? `The stock at ${home.name}, the default location` : undefined} />
        ) : (
          <TextField label="Stock" type="number" readOnly value={variant?.stock ?? 0} path="stock" error={error}
            hint="The total available at every location. Stock is held beyond the default location, so change it with “Adjust” under Stock by location." />
        )}
        <SelectField
          label="Fulfillment"
          value={form.fulfillment}
          onChange={(fulfillment) => edit.setValue("fulfillment", fulfillment)}
          options={FULFILLMENT}
        />
      </div>
      {variant && <StockByLocation productId={product.id} variant={variant} variantTitle={stockTitle(product.title, variant)} />}
      <fieldset>
        <legend>Options (up to {MAX_OPTIONS}, e.g. Size and Colour)</legend>
        {form.options.map((o, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: option rows have no id; their inputs are controlled by index
          <div className="form-grid" key={i}>
            <TextField label={`Option ${i + 1} name`} placeholder={["Size", "Colour", "Material"][i]} value={o.name}
              onChange={(e) => setOption(i, "name", e.target.value)} path={`option_values.${i}.name`} error={error} />
            <TextField label={`Option ${i + 1} value`} placeholder={["M", "Blue", "Linen"][i]} value={o.value}
              onChange={(e) => setOption(i, "value", e.target.value)} path={`option_values.${i}.value`} error={error} />
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>Shipping box (all four, or none)</legend>
        <div className="form-grid four">
          {BOX.map(([key, label]) => (
            <TextField key={key} label={label} inputMode="numeric" value={form.box[key]} path={`shipping_box.${key}`} error={error}
              onChange={(e) => edit.setValue("box", { ...form.box, [key]: e.target.value })} />
          ))}
        </div>
      </fieldset>
      <CustomFields custom={custom} state={form.fields} onChange={(f) => edit.setValue("fields", f)} error={error} />
    </FormDialog>
  );
}
