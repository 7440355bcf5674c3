// "Add variant" and "Edit variant <title>": every field of a variant (SKU, price, stock, fulfillment, up to three
// option name/value pairs, the shipping box), then the variant's custom fields. Adding POSTs; editing PATCHes the
// same fields (custom fields: what changed). Rendered while open.
// Editing also shows the variant's "Stock by location" (Adjust, Transfer stock). "Stock" sets the default location's
// stock while no other location holds any; after that it shows the total, read-only, and points to "Adjust".
// Editing also shows the variant's "Prices": its base price and its prices in each price list (./variant-prices.tsx).
// The base price is typed in the store's currency with that currency's own decimals ("500" in a JPY store).
import { FormDialog } from "../../../../components/common/form-dialog";
import { SelectField, TextField } from "../../../../components/common/field";
import { CustomFields, useCustomFields } from "../../../../components/custom-fields/custom-fields";
import { useApiForm } from "../../../../components/forms";
import { useAllLocations } from "../../../../hooks/api/locations";
import type { Product } from "../../../../hooks/api/products";
import { useCreateVariant, useUpdateVariant, type Variant } from "../../../../hooks/api/variants";
import { type FieldsState, fieldsState } from "../../../../lib/field-values";
import { useDisplay } from "../../../../lib/format";
import { amountExample, amountWords, formatMinor, parseMinor } from "../../../../lib/money";
import { ApiProblem } from "../../../../lib/problem";
import { defaultLocation, StockByLocation, stockIsWritable, stockTitle } from "./stock-by-location";
import { VariantPrices } from "./variant-prices";

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
/** The three option rows, always shown (an empty row is no option). */
const OPTION_ROWS = Array.from({ length: MAX_OPTIONS }, (_, i) => i);

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

function initial(currency: string, variant?: Variant): Form {
  const options = Array.from({ length: MAX_OPTIONS }, (_, i) => variant?.option_values[i] ?? { name: "", value: "" });
  const b = variant?.shipping_box;
  return {
    sku: variant?.sku ?? "",
    price: variant ? formatMinor(variant.price_cents, currency) : "",
    compareAt: variant?.compare_at_price_cents != null ? formatMinor(variant.compare_at_price_cents, currency) : "",
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

const BOTH = "Give each option both a name and a value";
const WHOLE_BOX = "Give all four box measures as whole numbers";

/** Field rules the console checks before sending (the API checks the values again); amounts in the store's currency. */
const rules = {
  price: (currency: string) => ({ validate: (text: string) => parseMinor(text, currency) !== null || amountWords(currency) }),
  compareAt: (currency: string) => ({
    validate: (text: string) => text.trim() === "" || parseMinor(text, currency) !== null || `${amountWords(currency)}, or leave it empty`,
  }),
  /** An option row is both a name and a value, or neither. */
  optionName: (i: number) => ({
    validate: (name: string, form: Form) => Boolean(name.trim()) === Boolean(form.options[i].value.trim()) || BOTH,
  }),
  /** A box measure: a whole number, all four or none. */
  box: () => ({
    validate: (text: string, form: Form) => !BOX.some(([k]) => form.box[k].trim()) || /^\d+$/.test(text.trim()) || WHOLE_BOX,
  }),
};

/** The API's paths shown at the form's fields of other names. */
const PATHS: Record<string, string> = {
  price_cents: "price",
  compare_at_price_cents: "compareAt",
  fulfillment_mode: "fulfillment",
  ...Object.fromEntries(BOX.map(([key]) => [`shipping_box.${key}`, `box.${key}`])),
};
const pathOf = (path: string) => PATHS[path] ?? path.replace(/^option_values\.(\d+)\.(name|value)$/, "options.$1.$2");

export function VariantDialog(props: {
  product: Product;
  variant?: Variant;
  onClose: () => void;
  /** After a successful save, with the variant's title: the section says so beside its table. */
  onSaved?: (title: string) => void;
}) {
  const { product, variant } = props;
  const { currency } = useDisplay();
  const create = useCreateVariant(product.id);
  const update = useUpdateVariant(product.id, variant?.id ?? "");
  const custom = useCustomFields("variant");
  const locations = useAllLocations();
  const home = defaultLocation(locations.data);
  const activeLocations = variant ? variant.inventory.length : (locations.data ?? []).filter((l) => l.active).length;
  const stockWritable = !variant || stockIsWritable(variant, locations.data);
  const form = useApiForm({
    defaultValues: initial(currency, variant),
    mutation: variant ? update : create,
    paths: pathOf,
    request: (values) => {
      const fields = custom.body(values.fields, variant ? "update" : "create");
      if (fields instanceof ApiProblem) return fields;
      const options = values.options.map((o) => ({ name: o.name.trim(), value: o.value.trim() })).filter((o) => o.name || o.value);
      const box = BOX.map(([key]) => values.box[key].trim());
      return {
        price_cents: parseMinor(values.price, currency) ?? 0,
        compare_at_price_cents: values.compareAt.trim() ? parseMinor(values.compareAt, currency) : null,
        sku: values.sku.trim() || null,
        // Sent only when typed into: an adjustment made meanwhile (Adjust, an order) is not written over.
        stock: !stockWritable || values.stock === null ? undefined : Number(values.stock),
        fulfillment_mode: values.fulfillment as "stocked",
        option_values: options,
        shipping_box: box.some(Boolean) ? (Object.fromEntries(BOX.map(([key], i) => [key, Number(box[i])])) as Record<BoxKey, number>) : null,
        ...fields,
      };
    },
    onSaved: (saved) => (props.onSaved?.(saved.title), props.onClose()),
  });
  const stock = form.watch("stock");
  const title = variant ? `Edit variant ${variant.title}` : "Add variant";
  return (
    <FormDialog title={title} form={form} onClose={props.onClose} submit="Save variant" className="variant-form">
      <div className="form-grid">
        <TextField label="SKU" {...form.register("sku")} />
        <TextField label="Price" inputMode="decimal" required placeholder={amountExample(currency)} {...form.register("price", rules.price(currency))} />
        <TextField
          label="Compare-at price"
          inputMode="decimal"
          {...form.register("compareAt", rules.compareAt(currency))}
          hint="The price before a sale; at least the price"
        />
        {stockWritable ? (
          <TextField
            label="Stock"
            type="number"
            min={0}
            name="stock"
            value={stock ?? String(variant?.stock ?? 0)}
            onChange={(e) => form.setValue("stock", e.target.value)}
            hint={home && activeLocations > 1 ? `The stock at ${home.name}, the default location` : undefined}
          />
        ) : (
          <TextField
            label="Stock"
            type="number"
            readOnly
            value={variant?.stock ?? 0}
            name="stock"
            hint="The total available at every location. Stock is held beyond the default location, so change it with “Adjust” under Stock by location."
          />
        )}
        <SelectField label="Fulfillment" options={FULFILLMENT} {...form.register("fulfillment")} />
      </div>
      {variant && <StockByLocation productId={product.id} variant={variant} variantTitle={stockTitle(product.title, variant)} />}
      {variant && <VariantPrices variant={variant} />}
      <fieldset>
        <legend>Options (up to {MAX_OPTIONS}, e.g. Size and Colour)</legend>
        {OPTION_ROWS.map((i) => (
          <div className="form-grid" key={i}>
            <TextField
              label={`Option ${i + 1} name`}
              placeholder={["Size", "Colour", "Material"][i]}
              {...form.register(`options.${i}.name`, rules.optionName(i))}
            />
            <TextField label={`Option ${i + 1} value`} placeholder={["M", "Blue", "Linen"][i]} {...form.register(`options.${i}.value`)} />
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>Shipping box (all four, or none)</legend>
        <div className="form-grid four">
          {BOX.map(([key, label]) => (
            <TextField key={key} label={label} inputMode="numeric" {...form.register(`box.${key}`, rules.box())} />
          ))}
        </div>
      </fieldset>
      <CustomFields custom={custom} />
    </FormDialog>
  );
}
