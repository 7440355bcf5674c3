// New product: title, single (with its price, in the store's currency with its own decimals) or variable (variants
// added on the product page), and the product's custom fields.
import { useNavigate } from "react-router";
import { FormActions } from "../../../components/common/dialog";
import { TextField } from "../../../components/common/field";
import { PageHeader } from "../../../components/common/page-header";
import { CustomFields, useCustomFields } from "../../../components/custom-fields/custom-fields";
import { ApiForm, FormError, useApiForm } from "../../../components/forms";
import { useCreateProduct } from "../../../hooks/api/products";
import { fieldsState } from "../../../lib/field-values";
import { useDisplay } from "../../../lib/format";
import { amountWords, formatMinor, parseMinor } from "../../../lib/money";
import { ApiProblem } from "../../../lib/problem";

export default function ProductCreate() {
  const navigate = useNavigate();
  const custom = useCustomFields("product");
  const { currency } = useDisplay();
  const form = useApiForm({
    defaultValues: { title: "", type: "single" as "single" | "variable", price: formatMinor(0, currency), fields: fieldsState() },
    mutation: useCreateProduct(),
    paths: { default_price_cents: "price" },
    request: ({ title, type, price, fields: state }) => {
      const fields = custom.body(state, "create");
      if (fields instanceof ApiProblem) return fields;
      return { title, product_type: type, ...(type === "single" ? { default_price_cents: parseMinor(price, currency) ?? 0 } : {}), ...fields };
    },
    onSaved: (product) => navigate(`/products/${product.id}`),
  });
  const type = form.watch("type");
  return (
    <section>
      <PageHeader title="New product" />
      <ApiForm form={form} className="card">
        <TextField label="Title" required {...form.register("title")} />
        <fieldset>
          <legend>Type</legend>
          <label>
            <input type="radio" value="single" {...form.register("type")} />
            Single
          </label>
          <label>
            <input type="radio" value="variable" {...form.register("type")} />
            Variable
          </label>
        </fieldset>
        {type === "single" && (
          <TextField
            label="Price"
            inputMode="decimal"
            {...form.register("price", { validate: (price, { type }) => type !== "single" || parseMinor(price, currency) !== null || amountWords(currency) })}
          />
        )}
        <CustomFields custom={custom} />
        <FormError />
        <FormActions submit="Create product" pending={form.pending} />
      </ApiForm>
    </section>
  );
}
