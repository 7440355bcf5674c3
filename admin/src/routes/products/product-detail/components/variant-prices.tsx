// The variant dialog's table "Prices" (docs/api/24-prices.md): the variant's base price (its own price and
// compare-at, in the store's currency), then its prices in each price list that has one (highest priority first;
// a list's quantity tiers each a row), each amount in its own currency with that currency's decimals ("¥500",
// "KWD 5.000"). A list's status says whether it applies at all; its schedule and countries are on its page.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { DataTable } from "../../../../components/common/data-table";
import { useVariantListPrices } from "../../../../hooks/api/price-lists";
import type { Variant } from "../../../../hooks/api/variants";
import { useDisplay } from "../../../../lib/format";
import { formatAmount } from "../../../../lib/money";
import { STATUS_WORDS } from "../../../../lib/price-list-words";

interface Row {
  key: string;
  source: ReactNode;
  status: string;
  currency: string;
  minQuantity: number;
  price: number;
  compareAt: number | null;
}

export function VariantPrices({ variant }: { variant: Variant }) {
  const display = useDisplay();
  const lists = useVariantListPrices(variant.id);
  const rows: Row[] = [
    {
      key: "base",
      source: "Base price",
      status: "Where no list has a price",
      currency: display.currency,
      minQuantity: 1,
      price: variant.price_cents,
      compareAt: variant.compare_at_price_cents,
    },
    ...lists.rows.flatMap(({ list, prices }) =>
      prices.map((p) => ({
        key: `${list.id}:${p.min_quantity}`,
        source: <Link to={`/settings/price-lists/${list.id}`}>{list.name}</Link>,
        status: STATUS_WORDS[list.status],
        currency: list.currency,
        minQuantity: p.min_quantity,
        price: p.price_cents,
        compareAt: p.compare_at_price_cents,
      })),
    ),
  ];
  return (
    <section className="variant-prices" aria-labelledby={`prices-${variant.id}`}>
      <h3 id={`prices-${variant.id}`}>Prices</h3>
      <DataTable
        label="Prices"
        rows={rows}
        rowKey={(r) => r.key}
        busy={lists.isPending}
        error={lists.error}
        empty="No prices."
        columns={[
          { key: "source", header: "Price list", cell: (r: Row) => r.source },
          { key: "status", header: "Status", cell: (r: Row) => r.status },
          { key: "min", header: "Minimum quantity", cell: (r: Row) => r.minQuantity },
          { key: "price", header: "Price", cell: (r: Row) => formatAmount(r.price, r.currency) },
          { key: "compare", header: "Compare-at", cell: (r: Row) => (r.compareAt === null ? "—" : formatAmount(r.compareAt, r.currency)) },
        ]}
      />
      {lists.isPending && <p className="hint">Reading the price lists…</p>}
    </section>
  );
}
