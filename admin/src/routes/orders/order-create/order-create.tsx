// New order (POST /orders, orders.write): a customer picked from the store's customers, or an email alone; the
// combobox "Currency" (the store's by default: orders keep their own) and the combobox "Country" (optional: price
// lists limited to countries apply only to an order naming one of theirs); lines of a variant (picked by product
// title or SKU) and a quantity; then the order's custom fields, which are set here or never (orders have no PATCH,
// docs/api/21-custom-fields.md).
// Each line shows the price it will be charged and where it comes from (a price list's name, or "Base price"),
// resolved by the API's own rule (POST /prices/resolve) as the lines, quantities, currency, country and customer
// change; a line with no price in that context says so in words, and "Create order" refuses it at that line before
// anything is sent. The API prices the lines again and commits their stock; its 422s show at their fields
// (`line_items.0.quantity`), its 409 `no_price` at the line it names.
import { useFieldArray } from "react-hook-form";
import { useNavigate } from "react-router";
import { ComboField } from "../../../components/common/combo-field";
import { FormActions } from "../../../components/common/dialog";
import { TextField } from "../../../components/common/field";
import { PageHeader } from "../../../components/common/page-header";
import { CustomFields, useCustomFields } from "../../../components/custom-fields/custom-fields";
import { ReferencePicker } from "../../../components/custom-fields/reference-picker";
import { ApiForm, FormError, useApiForm } from "../../../components/forms";
import { useCreateOrder } from "../../../hooks/api/orders";
import { type ResolvedPrice, type ResolveRequest, usePriceList, useResolvedPrices } from "../../../hooks/api/price-lists";
import { COUNTRY_CHOICES, countryName } from "../../../lib/countries";
import { fieldsState } from "../../../lib/field-values";
import { useDisplay } from "../../../lib/format";
import { CURRENCY_CHOICES, formatAmount } from "../../../lib/money";
import { ApiProblem, describeProblem, localProblems } from "../../../lib/problem";

/** The API takes up to 100 lines. */
const MAX_LINES = 100;
const blankLine = () => ({ variant: "", quantity: "1" });
const CURRENCIES = new Set(CURRENCY_CHOICES.map((c) => c.id));

/** A line's quantity as the API would take it (1 while it is not a whole number of at least 1). */
const quantityOf = (text: string) => (/^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 1_000_000 ? Number(text) : 1);

/** Why a line has no price, in words: no list has one in this context, and the currency is not the store's. */
const noPriceWords = (currency: string, country: string) =>
  `No price in ${currency}${country ? ` for ${countryName(country)}` : ""}: no active price list has one, and ${currency} is not the store's currency`;

/** A price list's name (read once per list, as its page reads it). */
function ListName({ id }: { id: string }) {
  const list = usePriceList(id);
  return <>{list.data?.name ?? "…"}</>;
}

/** A line's price and its source ("¥500 each · Price list “Japan retail”"), or null while unknown. */
function LinePrice(props: { resolved: ResolvedPrice | undefined; pending: boolean; noPrice: string }) {
  const r = props.resolved;
  if (!r) return props.pending ? <p className="line-price hint">Finding the price…</p> : null;
  if (r.price_cents === null || !r.source) {
    return <p className="line-price field-error">{props.noPrice}</p>;
  }
  const tier = r.source.min_quantity && r.source.min_quantity > 1 ? ` (from ${r.source.min_quantity})` : "";
  return (
    <p className="line-price">
      {formatAmount(r.price_cents, r.currency)} each ·{" "}
      {r.source.type === "base" || !r.source.price_list_id ? (
        "Base price"
      ) : (
        <>
          Price list “<ListName id={r.source.price_list_id} />”{tier}
        </>
      )}
    </p>
  );
}

export default function OrderCreate() {
  const display = useDisplay();
  const custom = useCustomFields("order");
  const navigate = useNavigate();
  const form = useApiForm({
    defaultValues: { customer: "", email: "", currency: display.currency, country: "", lines: [blankLine()], fields: fieldsState() },
    mutation: useCreateOrder(),
    paths: (path) =>
      path === "customer_id"
        ? "customer"
        : path.replace(/^line_items\.(\d+)\.(variant_id|quantity)$/, (_, i, k) => `lines.${i}.${k === "variant_id" ? "variant" : k}`),
    request: ({ customer, email, currency, country, lines, fields: state }) => {
      const missing = lines.flatMap((l, i) => (l.variant ? [] : [{ path: `line_items.${i}.variant_id`, message: "Choose a variant" }]));
      // The lines the API's rule gives no price: said at their line, nothing sent.
      const unpriced = lines.flatMap((l, i) =>
        l.variant && priceOf(i)?.price_cents === null ? [{ path: `line_items.${i}.variant_id`, message: noPriceWords(currency, country) }] : [],
      );
      const noCurrency = currency ? [] : [{ path: "currency", message: "Choose a currency" }];
      const fields = custom.body(state, "create");
      const problems = [...noCurrency, ...missing, ...unpriced, ...(fields instanceof ApiProblem ? fields.errors : [])];
      if (problems.length > 0) return localProblems(problems);
      return {
        ...(customer ? { customer_id: customer } : {}),
        ...(email.trim() ? { email: email.trim() } : {}),
        currency,
        ...(country ? { country } : {}),
        line_items: lines.map((l) => ({ variant_id: l.variant, quantity: Number(l.quantity) })),
        ...(fields as { fields?: Record<string, unknown> }),
      };
    },
    onSaved: (o) => navigate(`/orders/${o.id}`),
  });
  const lines = useFieldArray({ control: form.control, name: "lines" });
  const [customer, shown, currency, country] = form.watch(["customer", "lines", "currency", "country"]);

  // The context the API prices the lines in, asked again whenever it changes.
  const asked = shown.flatMap((l, i) => (l.variant ? [{ line: i, variant_id: l.variant, quantity: quantityOf(l.quantity) }] : []));
  const context: ResolveRequest | null =
    CURRENCIES.has(currency) && asked.length > 0
      ? {
          currency,
          ...(country ? { country } : {}),
          ...(customer ? { customer_id: customer } : {}),
          items: asked.map(({ variant_id, quantity }) => ({ variant_id, quantity })),
        }
      : null;
  const resolved = useResolvedPrices(context);
  // The answer for line i, only when it answers this very context (the previous one stays shown while it loads).
  const current = resolved.data && !resolved.isPlaceholderData ? resolved.data.data : undefined;
  function priceOf(line: number): ResolvedPrice | undefined {
    const k = asked.findIndex((a) => a.line === line);
    const r = k >= 0 ? current?.[k] : undefined;
    return r && r.variant_id === asked[k].variant_id && r.quantity === asked[k].quantity ? r : undefined;
  }
  const prices = shown.map((_, i) => priceOf(i));
  const total =
    asked.length === shown.length && prices.every((p) => p?.price_cents != null)
      ? prices.reduce((sum, p, i) => sum + (p?.price_cents ?? 0) * quantityOf(shown[i].quantity), 0)
      : null;

  return (
    <section>
      <PageHeader title="New order" back={{ to: "/orders", label: "Orders" }} />
      <ApiForm form={form} className="card">
        <ReferencePicker
          type="customer_reference"
          label="Customer"
          name="customer"
          value={customer}
          onChange={(id) => form.setValue("customer", id)}
          hint="Optional: without a customer, give the email the order is for. A customer's groups decide which price lists apply."
        />
        <div className="form-grid">
          <TextField label="Email" type="email" {...form.register("email")} hint="The customer's email when none is chosen" />
          <ComboField
            label="Currency"
            name="currency"
            required
            options={CURRENCY_CHOICES}
            value={currency}
            onChange={(code) => form.setValue("currency", code, { shouldDirty: true })}
            placeholder="Code or name"
            hint={`The store's is ${display.currency}; in another, only price lists have prices.`}
          />
          <ComboField
            label="Country"
            name="country"
            options={COUNTRY_CHOICES}
            value={country}
            onChange={(code) => form.setValue("country", code, { shouldDirty: true })}
            placeholder="Country name or code"
            hint="Optional: the buyer's country. Price lists for some countries apply only when it is one of theirs."
          />
        </div>
        <fieldset>
          <legend>Items</legend>
          {lines.fields.map((line, i) => (
            <div className="order-line" key={line.id} role="group" aria-label={`Line ${i + 1}`}>
              <ReferencePicker
                type="variant_reference"
                label={`Line ${i + 1} variant`}
                name={`lines.${i}.variant`}
                value={shown[i]?.variant ?? ""}
                onChange={(variant) => form.setValue(`lines.${i}.variant`, variant)}
              />
              <TextField label={`Line ${i + 1} quantity`} type="number" min={1} step={1} className="narrow" {...form.register(`lines.${i}.quantity`)} />
              {lines.fields.length > 1 && (
                <button type="button" onClick={() => lines.remove(i)}>
                  Remove line {i + 1}
                </button>
              )}
              {shown[i]?.variant && <LinePrice resolved={prices[i]} pending={resolved.isFetching} noPrice={noPriceWords(currency, country)} />}
            </div>
          ))}
          {lines.fields.length < MAX_LINES && (
            <button type="button" onClick={() => lines.append(blankLine())}>
              Add line
            </button>
          )}
          {resolved.error ? (
            <p className="hint">Prices could not be shown: {describeProblem(resolved.error)}</p>
          ) : (
            total !== null && <p className="order-total">Total: {formatAmount(total, currency)}</p>
          )}
        </fieldset>
        <CustomFields custom={custom} />
        <FormError />
        <FormActions submit="Create order" pending={form.pending} />
      </ApiForm>
    </section>
  );
}
