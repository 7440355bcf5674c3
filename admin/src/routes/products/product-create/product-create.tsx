// New product: title, single (with its price) or variable (variants added on the product page).
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { FormActions } from "../../../components/common/dialog";
import { useEditForm } from "../../../components/common/edit-form";
import { TextField } from "../../../components/common/field";
import { PageHeader } from "../../../components/common/page-header";
import { ErrorMessage } from "../../../components/common/query-state";
import { useCreateProduct } from "../../../hooks/api/products";
import { parseMajor } from "../../../lib/format";
import { type ApiProblem, localProblem } from "../../../lib/problem";

export default function ProductCreate() {
  const create = useCreateProduct();
  const navigate = useNavigate();
  const edit = useEditForm({ title: "", type: "single" as "single" | "variable", price: "0.00" });
  const { title, type, price } = edit.form;
  const [priceError, setPriceError] = useState<ApiProblem | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseMajor(price);
    if (type === "single" && cents === null) {
      const message = "Enter an amount such as 12.50";
      setPriceError(localProblem("default_price_cents", message));
      return;
    }
    setPriceError(null);
    create.mutate(
      { title, product_type: type, ...(type === "single" ? { default_price_cents: cents ?? 0 } : {}) },
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
            error={priceError ?? create.error}
          />
        )}
        <ErrorMessage error={create.error} />
        <FormActions submit="Create product" pending={create.isPending} />
      </form>
    </section>
  );
}
