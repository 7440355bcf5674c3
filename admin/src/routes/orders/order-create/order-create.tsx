// New order (POST /orders, orders.write): a customer picked from the store's customers, or an email alone; the
// currency (the store's by default: orders keep their own); lines of a variant (picked by product title or SKU) and a
// quantity; then the order's custom fields, which are set here or never (orders have no PATCH, API.md section 21).
// The API prices the lines and commits their stock; its 422s show at their fields (`line_items.0.quantity`).
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { FormActions } from "../../../components/common/dialog";
import { useEditForm } from "../../../components/common/edit-form";
import { TextField } from "../../../components/common/field";
import { PageHeader } from "../../../components/common/page-header";
import { ErrorMessage } from "../../../components/common/query-state";
import { CustomFields, useCustomFields } from "../../../components/custom-fields/custom-fields";
import { ReferencePicker } from "../../../components/custom-fields/reference-picker";
import { useCreateOrder } from "../../../hooks/api/orders";
import { fieldsState } from "../../../lib/field-values";
import { useDisplay } from "../../../lib/format";
import { ApiProblem, localProblems } from "../../../lib/problem";

/** The API takes up to 100 lines. */
const MAX_LINES = 100;
const blankLine = () => ({ variant: "", quantity: "1" });

export default function OrderCreate() {
  const display = useDisplay();
  const create = useCreateOrder();
  const custom = useCustomFields("order");
  const navigate = useNavigate();
  const edit = useEditForm({ customer: "", email: "", currency: display.currency, lines: [blankLine()], fields: fieldsState() });
  const { customer, email, currency, lines } = edit.form;
  const [localError, setLocalError] = useState<ApiProblem | null>(null);
  const error = localError ?? create.error;
  const setLine = (i: number, change: Partial<ReturnType<typeof blankLine>>) =>
    edit.setValue("lines", lines.map((l, j) => (j === i ? { ...l, ...change } : l)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = lines.flatMap((l, i) => (l.variant ? [] : [{ path: `line_items.${i}.variant_id`, message: "Choose a variant" }]));
    const fields = custom.body(edit.form.fields, "create");
    const problems = [...missing, ...(fields instanceof ApiProblem ? fields.errors : [])];
    if (problems.length > 0) return setLocalError(localProblems(problems));
    setLocalError(null);
    create.mutate(
      {
        ...(customer ? { customer_id: customer } : {}),
        ...(email.trim() ? { email: email.trim() } : {}),
        currency: currency.trim().toUpperCase(),
        line_items: lines.map((l) => ({ variant_id: l.variant, quantity: Number(l.quantity) })),
        ...(fields as { fields?: Record<string, unknown> }),
      },
      { onSuccess: (o) => (edit.saved(), navigate(`/orders/${o.id}`)) },
    );
  };
  return (
    <section>
      <PageHeader title="New order" back={{ to: "/orders", label: "Orders" }} />
      <form onSubmit={submit} className="card">
        <ReferencePicker type="customer_reference" label="Customer" value={customer} onChange={(id) => edit.setValue("customer", id)}
          path="customer_id" error={error} hint="Optional: without a customer, give the email the order is for." />
        <div className="form-grid">
          <TextField label="Email" type="email" value={email} onChange={edit.set("email")} path="email" error={error}
            hint="The customer's email when none is chosen" />
          <TextField label="Currency" required maxLength={3} value={currency} onChange={edit.set("currency")} path="currency" error={error}
            hint="ISO 4217, e.g. EUR" />
        </div>
        <fieldset>
          <legend>Items</legend>
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; their inputs are controlled by index
            <div className="order-line" key={i} role="group" aria-label={`Line ${i + 1}`}>
              <ReferencePicker type="variant_reference" label={`Line ${i + 1} variant`} value={l.variant} onChange={(variant) => setLine(i, { variant })}
                path={`line_items.${i}.variant_id`} error={error} />
              <TextField label={`Line ${i + 1} quantity`} type="number" min={1} step={1} className="narrow" value={l.quantity}
                onChange={(e) => setLine(i, { quantity: e.target.value })} path={`line_items.${i}.quantity`} error={error} />
              {lines.length > 1 && (
                <button type="button" onClick={() => edit.setValue("lines", lines.filter((_, j) => j !== i))}>
                  Remove line {i + 1}
                </button>
              )}
            </div>
          ))}
          {lines.length < MAX_LINES && (
            <button type="button" onClick={() => edit.setValue("lines", [...lines, blankLine()])}>
              Add line
            </button>
          )}
        </fieldset>
        <CustomFields custom={custom} state={edit.form.fields} onChange={(f) => edit.setValue("fields", f)} error={error} />
        <ErrorMessage error={error} />
        <FormActions submit="Create order" pending={create.isPending} />
      </form>
    </section>
  );
}
