// Settings → Price lists (docs/api/24-prices.md): the store's lists a page at a time (its page in the URL,
// `price_lists_offset`), each row its name (a link to its page: its prices, "Add prices", "Activate"), currency,
// status, priority, countries, customer groups and schedule (on the store's clock). "Add price list" opens the form
// (./price-list-dialog.tsx); a new list opens its page.
import { useState } from "react";
import { Link } from "react-router";
import { DataTable } from "../../../components/common/data-table";
import { useListParams } from "../../../components/common/list-params";
import { groupNamer, useCustomerGroups } from "../../../hooks/api/customer-groups";
import { type PriceList, usePriceLists } from "../../../hooks/api/price-lists";
import { useDisplay } from "../../../lib/format";
import { STATUS_WORDS, countriesWords, groupsWords, scheduleWords } from "../../../lib/price-list-words";
import { PriceListDialog } from "./price-list-dialog";

export function PriceListsSection() {
  useDisplay();
  const list = useListParams({}, "price_lists_offset");
  const lists = usePriceLists(list.offset);
  const groups = useCustomerGroups();
  const nameOf = groupNamer(groups.data);
  const [adding, setAdding] = useState(false);
  const columns = [
    { key: "name", header: "Price list", cell: (l: PriceList) => <Link to={`/settings/price-lists/${l.id}`}>{l.name}</Link> },
    { key: "currency", header: "Currency", cell: (l: PriceList) => l.currency },
    { key: "status", header: "Status", cell: (l: PriceList) => <span className={`badge ${l.status}`}>{STATUS_WORDS[l.status]}</span> },
    { key: "priority", header: "Priority", cell: (l: PriceList) => l.priority },
    { key: "countries", header: "Countries", cell: countriesWords },
    { key: "groups", header: "Customer groups", cell: (l: PriceList) => groupsWords(l, nameOf) },
    { key: "schedule", header: "Schedule", cell: scheduleWords },
    { key: "prices", header: "Prices", cell: (l: PriceList) => l.price_count },
  ];
  return (
    <section className="card" aria-labelledby="price-lists-heading">
      <div className="section-header">
        <h2 id="price-lists-heading">Price lists</h2>
        <div className="actions">
          <button type="button" onClick={() => setAdding(true)}>
            Add price list
          </button>
        </div>
      </div>
      <p className="hint">
        Prices in another currency, for some countries or for some customer groups. Where no list has a price, the variant's base price applies in the store's
        currency; in another currency there is then no price.
      </p>
      <DataTable label="Price lists" columns={columns} query={lists} onOffset={list.setOffset} rowKey={(l) => l.id} empty="No price lists yet." />
      {adding && <PriceListDialog onClose={() => setAdding(false)} />}
    </section>
  );
}
