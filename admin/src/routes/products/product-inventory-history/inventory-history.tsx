// A product's inventory history: the ledger (GET /inventory/ledger, newest first, cursor paged) of one of its variants
// at a time (the ledger filters by variant, not by product), in words. Filters "Variant" (a variable product's),
// "Location" and "Reason", and the page, in the URL.
import { useParams } from "react-router";
import { CursorPager } from "../../../components/common/cursor-pager";
import { DataTable } from "../../../components/common/data-table";
import { ListSelect } from "../../../components/common/list-filters";
import { useListParams } from "../../../components/common/list-params";
import { PageHeader } from "../../../components/common/page-header";
import { QueryState } from "../../../components/common/query-state";
import { useAllIntegrations } from "../../../hooks/api/integrations";
import { useLedger } from "../../../hooks/api/inventory";
import { locationNamer, useAllLocations } from "../../../hooks/api/locations";
import { type Product, useProduct } from "../../../hooks/api/products";
import { useAllMembers } from "../../../hooks/api/team";
import { REASON_WORDS } from "../../../lib/inventory-words";
import { displayTimeZone, useDisplay } from "../../../lib/format";
import { variantTitle } from "../product-detail/components/variants-section";
import { ledgerColumns } from "./ledger-words";

const REASON_OPTIONS = [["", "All reasons"], ...Object.entries(REASON_WORDS)] as const;

function History({ product }: { product: Product }) {
  useDisplay();
  const list = useListParams({ variant: "", location: "", reason: "" });
  const variantId = list.values.variant || product.variants[0]?.id || "";
  const ledger = useLedger({ variantId, locationId: list.values.location, reason: list.values.reason, cursor: list.pages.cursor }, Boolean(variantId));
  const locations = useAllLocations();
  const members = useAllMembers();
  const entries = ledger.data?.data ?? [];
  const integrations = useAllIntegrations(entries.some((e) => e.actor.integration_id));
  const people = new Map((members.data ?? []).map((m) => [m.user_id, `${m.name} (${m.email})`]));
  const integrationNames = new Map((integrations.data ?? []).map((i) => [i.id, i.name]));
  const columns = ledgerColumns({
    person: (id) => people.get(id),
    unknownPerson: members.data ? "A former member" : "A teammate",
    integration: (id) => integrationNames.get(id),
    location: locationNamer(locations.data),
  });
  const filtered = list.values.location || list.values.reason;
  return (
    <>
      <p className="hint">Every change of this product's stock, newest first, with who made it and why. Times are in {displayTimeZone()}.</p>
      <DataTable
        label="Inventory history"
        columns={columns}
        query={ledger}
        rowKey={(e) => e.id}
        empty={variantId ? (filtered ? "Nothing matches these filters." : "No stock change recorded yet.") : "This product has no variants yet."}
        toolbar={
          <>
            {product.variants.length > 1 && (
              <ListSelect
                list={list}
                name="variant"
                label="Variant"
                options={product.variants.map((v) => [v.id, `${variantTitle(v)}${v.sku ? ` (${v.sku})` : ""}`] as const)}
              />
            )}
            <ListSelect
              list={list}
              name="location"
              label="Location"
              options={[["", "All locations"], ...(locations.data ?? []).map((l) => [l.id, l.name] as const)]}
            />
            <ListSelect list={list} name="reason" label="Reason" options={REASON_OPTIONS} />
          </>
        }
        pager={<CursorPager pagination={ledger.data?.pagination} pages={list.pages} shown={entries.length} busy={ledger.isPlaceholderData} />}
      />
    </>
  );
}

export default function InventoryHistory() {
  const { id = "" } = useParams();
  const product = useProduct(id);
  return (
    <section>
      <PageHeader title="Inventory history" back={{ to: `/products/${id}`, label: product.data?.title ?? "Product" }} />
      <QueryState query={product}>{(p) => <History product={p} />}</QueryState>
    </section>
  );
}
