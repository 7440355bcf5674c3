// New product: title, single (with its price) or variable (variants added on the product page), and the product's
// custom fields.
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { FormActions } from "../../../components/common/dialog";
import { useEditForm } from "../../../components/common/edit-form";
import { TextField } from "../../../components/common/field";
import { PageHeader } from "../../../components/common/page-header";
import { CustomFields, useCustomFields } from "../../../components/custom-fields/custom-fields";
import { ErrorMessage } from "../../../components/common/query-state";
import { useCreateProduct } from "../../../hooks/api/products";
import { fieldsState } from "../../../lib/field-values";
import { parseMajor } from "../../../lib/format";
import { ApiProblem, localProblem } from "../../../lib/problem";

export default function ProductCreate() {
  const create = useCreateProduct();
  const navigate = useNavigate();
  const custom = useCustomFields("product");
  const edit = useEditForm({ title: "", type: "single" as "single" | "variable", price: "0.00", fields: fieldsState() });
  const { title, type, price } = edit.form;
  const [localError, setLocalError] = useState<ApiProblem | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseMajor(price);
    if (type === "single" && cents === null) {
      const message = "Enter an amount such as 12.50";
      setLocalError(localProblem("default_price_cents", message));
      return;
    }
    const fields = custom.body(edit.form.fields, "create");
    if (fields instanceof ApiProblem) return setLocalError(fields);
    setLocalError(null);
    create.mutate(
      { title, product_type: type, ...(type === "single" ? { default_price_cents: cents ?? 0 } : {}), ...fields },
      { onSuccess: (product) => (edit.saved(), navigate(`/products/${product.id}`)) },
    );
  };
  return (
    <section>
      <PageHeader title="New product" />
      <form onSubmit={submit} className="card">
        <TextField label="Title" required value={title} onChange={edit.set("title")} path="title" error={create.error} />
        <fieldset>
          <legend>Type</legend>
          <label>
            <input type="radio" name="type" checked={type === "single"} onChange={() => edit.setValue("type", "single")} />
            Single
          </label>
          <label>
            <input type="radio" name="type" checked={type === "variable"} onChange={() => edit.setValue("type", "variable")} />
            Variable
          </label>
        </fieldset>
        {type === "single" && (
          <TextField
            label="Price"
            inputMode="decimal"
            value={price}
            onChange={edit.set("price")}
            path="default_price_cents"
            error={localError ?? create.error}
          />
        )}
        <CustomFields custom={custom} state={edit.form.fields} onChange={(f) => edit.setValue("fields", f)} error={localError ?? create.error} />
        <ErrorMessage error={create.error} />
        <FormActions submit="Create product" pending={create.isPending} />
      </form>
    </section>
  );
}
