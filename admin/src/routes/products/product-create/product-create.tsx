// New product: title, single (with its price) or variable (variants added on the product page).
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { TextField } from "../../../components/common/field";
import { ErrorMessage } from "../../../components/common/query-state";
import { useCreateProduct } from "../../../hooks/api/products";
import { parseMajor } from "../../../lib/format";
import { ApiProblem } from "../../../lib/problem";

export default function ProductCreate() {
  const create = useCreateProduct();
  const navigate = useNavigate();
  const [title, setTitle] = useState("");
  const [type, setType] = useState<"single" | "variable">("single");
  const [price, setPrice] = useState("0.00");
  const [priceError, setPriceError] = useState<ApiProblem | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseMajor(price);
    if (type === "single" && cents === null) {
      const message = "Enter an amount such as 12.50";
      setPriceError(new ApiProblem(422, "validation_failed", message, [{ path: "default_price_cents", message }]));
      return;
    }
    setPriceError(null);
    create.mutate(
      { title, product_type: type, ...(type === "single" ? { default_price_cents: cents ?? 0 } : {}) },
      { onSuccess: (product) => navigate(`/products/${product.id}`) },
    );
  };
  return (
    <section>
      <h1>New product</h1>
      <form onSubmit={submit} className="card">
        <TextField label="Title" required value={title} onChange={(e) => setTitle(e.target.value)} path="title" error={create.error} />
        <fieldset>
          <legend>Type</legend>
          <label>
            <input type="radio" name="type" checked={type === "single"} onChange={() => setType("single")} />
            Single
          </label>
          <label>
            <input type="radio" name="type" checked={type === "variable"} onChange={() => setType("variable")} />
            Variable
          </label>
        </fieldset>
        {type === "single" && (
          <TextField
            label="Price"
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            path="default_price_cents"
            error={priceError ?? create.error}
          />
        )}
        <ErrorMessage error={create.error} />
        <button type="submit" className="primary" disabled={create.isPending}>
          Create product
        </button>
      </form>
    </section>
  );
}
