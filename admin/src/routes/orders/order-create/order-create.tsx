// New order (POST /orders, orders.write): a customer picked from the store's customers, or an email alone; the
// currency (the store's by default: orders keep their own); lines of a variant (picked by product title or SKU) and a
// quantity; then the order's custom fields, which are set here or never (orders have no PATCH, docs/api/21-custom-fields.md).
// The API prices the lines and commits their stock; its 422s show at their fields (`line_items.0.quantity`).
import { useFieldArray } from "react-hook-form";
import { useNavigate } from "react-router";
import { FormActions } from "../../../components/common/dialog";
import { TextField } from "../../../components/common/field";
import { PageHeader } from "../../../components/common/page-header";
import { CustomFields, useCustomFields } from "../../../components/custom-fields/custom-fields";
import { ReferencePicker } from "../../../components/custom-fields/reference-picker";
import { ApiForm, FormError, useApiForm } from "../../../components/forms";
import { useCreateOrder } from "../../../hooks/api/orders";
import { fieldsState } from "../../../lib/field-values";
import { useDisplay } from "../../../lib/format";
import { ApiProblem, localProblems } from "../../../lib/problem";

/** The API takes up to 100 lines. */
const MAX_LINES = 100;
const blankLine = () => ({ variant: "", quantity: "1" });

export default function OrderCreate() {
  const display = useDisplay();
  const custom = useCustomFields("order");
  const navigate = useNavigate();
  const form = useApiForm({
    defaultValues: { customer: "", email: "", currency: display.currency, lines: [blankLine()], fields: fieldsState() },
    mutation: useCreateOrder(),
    paths: (path) =>
      path === "customer_id" ? "customer" : path.replace(/^line_items\.(\d+)\.(variant_id|quantity)$/, (_, i, k) => `lines.${i}.${k === "variant_id" ? "variant" : k}`),
    request: ({ customer, email, currency, lines, fields: state }) => {
      const missing = lines.flatMap((l, i) => (l.variant ? [] : [{ path: `line_items.${i}.variant_id`, message: "Choose a variant" }]));
      const fields = custom.body(state, "create");
      const problems = [...missing, ...(fields instanceof ApiProblem ? fields.errors : [])];
      if (problems.length > 0) return localProblems(problems);
      return {
        ...(customer ? { customer_id: customer } : {}),
        ...(email.trim() ? { email: email.trim() } : {}),
        currency: currency.trim().toUpperCase(),
        line_items: lines.map((l) => ({ variant_id: l.variant, quantity: Number(l.quantity) })),
        ...(fields as { fields?: Record<string, unknown> }),
      };
    },
    onSaved: (o) => navigate(`/orders/${o.id}`),
  });
  const lines = useFieldArray({ control: form.control, name: "lines" });
  const [customer, shown] = form.watch(["customer", "lines"]);
  return (
    <section>
      <PageHeader title="New order" back={{ to: "/orders", label: "Orders" }} />
      <ApiForm form={form} className="card">
        <ReferencePicker type="customer_reference" label="Customer" name="customer" value={customer} onChange={(id) => form.setValue("customer", id)}
          hint="Optional: without a customer, give the email the order is for." />
        <div className="form-grid">
          <TextField label="Email" type="email" {...form.register("email")} hint="The customer's email when none is chosen" />
          <TextField label="Currency" required maxLength={3} {...form.register("currency")} hint="ISO 4217, e.g. EUR" />
        </div>
        <fieldset>
          <legend>Items</legend>
          {lines.fields.map((line, i) => (
            <div className="order-line" key={line.id} role="group" aria-label={`Line ${i + 1}`}>
              <ReferencePicker type="variant_reference" label={`Line ${i + 1} variant`} name={`lines.${i}.variant`} value={shown[i]?.variant ?? ""}
                onChange={(variant) => form.setValue(`lines.${i}.variant`, variant)} />
              <TextField label={`Line ${i + 1} quantity`} type="number" min={1} step={1} className="narrow" {...form.register(`lines.${i}.quantity`)} />
              {lines.fields.length > 1 && (
                <button type="button" onClick={() => lines.remove(i)}>
                  Remove line {i + 1}
                </button>
              )}
            </div>
          ))}
          {lines.fields.length < MAX_LINES && (
            <button type="button" onClick={() => lines.append(blankLine())}>
              Add line
            </button>
          )}
        </fieldset>
        <CustomFields custom={custom} />
        <FormError />
        <FormActions submit="Create order" pending={form.pending} />
      </ApiForm>
    </section>
  );
}
