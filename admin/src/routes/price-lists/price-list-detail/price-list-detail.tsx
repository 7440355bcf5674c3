// A price list's page (Settings → Price lists → a list): its facts (code, currency, priority, countries, customer
// groups, schedule on the store's clock), "Activate" / "Deactivate" (status active / draft), "Edit price list",
// "Delete price list" (confirmed; its prices go with it), and its prices a page at a time: SKU, product, "Minimum
// quantity", price and compare-at in the list's currency, in major units with that currency's own decimals ("500"
// for ¥500, "5.000" for 5000 fils), each row with "Remove" (confirmed; a bulk delete of that price). "Add prices"
// opens the grid (./add-prices-dialog.tsx).
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ConfirmButton } from "../../../components/common/confirm-button";
import { ACTIONS_COLUMN, DataTable } from "../../../components/common/data-table";
import { useListParams } from "../../../components/common/list-params";
import { PageHeader } from "../../../components/common/page-header";
import { ErrorMessage, Loading } from "../../../components/common/query-state";
import { groupNamer, useCustomerGroups } from "../../../hooks/api/customer-groups";
import {
  type Price,
  type PriceList,
  useBulkPrices,
  useDeletePriceList,
  usePriceList,
  usePriceListPrices,
  useUpdatePriceList,
} from "../../../hooks/api/price-lists";
import { useProductsById } from "../../../hooks/api/products";
import { useDisplay } from "../../../lib/format";
import { currencyName, formatMinor } from "../../../lib/money";
import { STATUS_WORDS, countriesWords, groupsWords, scheduleWords } from "../../../lib/price-list-words";
import { PriceListDialog } from "../../settings/price-lists/price-list-dialog";
import { AddPricesDialog } from "./add-prices-dialog";

function Facts({ list }: { list: PriceList }) {
  const groups = useCustomerGroups();
  return (
    <dl className="facts">
      <dt>Code</dt>
      <dd>
        <code>{list.code}</code>
      </dd>
      <dt>Currency</dt>
      <dd>
        {list.currency} ({currencyName(list.currency)})
      </dd>
      <dt>Priority</dt>
      <dd>{list.priority}</dd>
      <dt>Countries</dt>
      <dd>{countriesWords(list)}</dd>
      <dt>Customer groups</dt>
      <dd>{groupsWords(list, groupNamer(groups.data))}</dd>
      <dt>Schedule</dt>
      <dd>{scheduleWords(list)}</dd>
    </dl>
  );
}

function Prices({ list, onSaid }: { list: PriceList; onSaid: (words: string) => void }) {
  const page = useListParams({});
  const prices = usePriceListPrices(list.id, page.offset);
  const products = useProductsById([...new Set((prices.data?.data ?? []).map((p) => p.product_id))]);
  const bulk = useBulkPrices(list.id);
  const [adding, setAdding] = useState(false);
  const productOf = (p: Price) => {
    const product = products.get(p.product_id);
    const variant = product?.variants.find((v) => v.id === p.variant_id);
    if (!product) return p.product_id;
    return variant && !variant.is_default ? `${product.title} — ${variant.title}` : product.title;
  };
  const skuOf = (p: Price) => p.sku ?? "(no SKU)";
  const columns = [
    { key: "sku", header: "SKU", cell: (p: Price) => <code>{skuOf(p)}</code> },
    { key: "product", header: "Product", cell: (p: Price) => <Link to={`/products/${p.product_id}`}>{productOf(p)}</Link> },
    { key: "min", header: "Minimum quantity", cell: (p: Price) => p.min_quantity },
    { key: "price", header: `Price (${list.currency})`, cell: (p: Price) => formatMinor(p.price_cents, list.currency) },
    {
      key: "compare",
      header: `Compare-at (${list.currency})`,
      cell: (p: Price) => (p.compare_at_price_cents === null ? "—" : formatMinor(p.compare_at_price_cents, list.currency)),
    },
    {
      ...ACTIONS_COLUMN,
      cell: (p: Price) => (
        <ConfirmButton
          action="Remove"
          label={`Remove the price of ${skuOf(p)} from ${p.min_quantity}`}
          title={`Remove the price of ${skuOf(p)}?`}
          message={`${productOf(p)} loses its price of ${formatMinor(p.price_cents, list.currency)} ${list.currency} from ${p.min_quantity} in “${list.name}”.`}
          pending={bulk.isPending}
          onConfirm={() =>
            bulk.mutate(
              { delete: [{ variant_id: p.variant_id, min_quantity: p.min_quantity }] },
              { onSuccess: () => onSaid(`Removed the price of ${skuOf(p)}`) },
            )
          }
        />
      ),
    },
  ];
  return (
    <section className="card" aria-labelledby="prices-heading">
      <div className="section-header">
        <h2 id="prices-heading">Prices</h2>
        <div className="actions">
          <button type="button" className="primary" onClick={() => setAdding(true)}>
            Add prices
          </button>
        </div>
      </div>
      <DataTable
        label="Prices"
        columns={columns}
        query={prices}
        onOffset={page.setOffset}
        rowKey={(p) => `${p.variant_id}:${p.min_quantity}`}
        error={bulk.error}
        empty="No prices yet: “Add prices” takes SKUs and their prices."
      />
      {adding && <AddPricesDialog list={list} onClose={() => setAdding(false)} onSaved={onSaid} />}
    </section>
  );
}

export default function PriceListDetail() {
  useDisplay();
  const { id = "" } = useParams();
  const list = usePriceList(id);
  const update = useUpdatePriceList(id);
  const remove = useDeletePriceList(id);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [said, setSaid] = useState("");
  if (list.error && !list.data) return <ErrorMessage error={list.error} />;
  if (!list.data) return <Loading />;
  const l = list.data;
  const active = l.status === "active";
  const setStatus = () => {
    setSaid("");
    update.mutate(
      { status: active ? "draft" : "active" },
      { onSuccess: (saved) => setSaid(saved.status === "active" ? `${saved.name} is active` : `${saved.name} is a draft: it applies nowhere`) },
    );
  };
  return (
    <section>
      <PageHeader
        title={l.name}
        back={{ to: "/settings", label: "Settings" }}
        actions={
          <>
            <button type="button" onClick={setStatus} disabled={update.isPending}>
              {active ? "Deactivate" : "Activate"}
            </button>
            <button type="button" onClick={() => setEditing(true)}>
              Edit price list
            </button>
            <ConfirmButton
              action="Delete price list"
              title="Delete price list"
              message={`Delete “${l.name}” and its ${l.price_count} prices? Orders already placed keep their prices; the price history stays.`}
              pending={remove.isPending}
              onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate("/settings") })}
            />
          </>
        }
      >
        <span className={`badge ${l.status}`}>{STATUS_WORDS[l.status]}</span>
      </PageHeader>
      <ErrorMessage error={update.error ?? remove.error} />
      <p className="hint">{active ? "Active: it applies where its countries, groups and schedule say." : "Draft: it applies nowhere until it is activated."}</p>
      {/* Only while there is something to say: what the last action did. */}
      {said && (
        <p role="status" className="save-status">
          {said}
        </p>
      )}
      <Facts list={l} />
      <Prices list={l} onSaid={setSaid} />
      {editing && <PriceListDialog list={l} onClose={() => setEditing(false)} onSaved={(name) => setSaid(`Saved ${name}`)} />}
    </section>
  );
}
