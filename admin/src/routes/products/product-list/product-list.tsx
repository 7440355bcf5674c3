// Products: search (title or SKU prefix), drafts on demand, cursor paging that keeps its place while the catalog
// changes, keeps the current page on screen while the next loads (and prefetches the one after); CSV export/import.
// Search, drafts, the filters ("More filters": custom fields) and the page live in the URL (Back from a product
// returns to the same list).
import { useDeferredValue } from "react";
import { Link } from "react-router";
import { CursorPager } from "../../../components/common/cursor-pager";
import { DataTable } from "../../../components/common/data-table";
import { ListSearch } from "../../../components/common/list-filters";
import { useListParams } from "../../../components/common/list-params";
import { PageHeader } from "../../../components/common/page-header";
import { useProducts } from "../../../hooks/api/products";
import { formatDate, formatPrice, useDisplay } from "../../../lib/format";
import { CatalogTransfer } from "./catalog-transfer";
import { MoreFilters } from "./more-filters";
import { PRODUCT_LIST_DEFAULTS, ProductFilters } from "./product-filters";

type Product = NonNullable<ReturnType<typeof useProducts>["data"]>["data"][number];

function priceRange(variants: { price_cents: number }[]) {
  if (variants.length === 0) return "—";
  const prices = variants.map((v) => v.price_cents);
  const [min, max] = [Math.min(...prices), Math.max(...prices)];
  return min === max ? formatPrice(min) : `${formatPrice(min)}–${formatPrice(max)}`;
}

const columns = [
  {
    key: "title",
    header: "Title",
    className: "title-cell",
    cell: (p: Product) => (
      <>
        {/* Decorative beside the title it illustrates: the link already names the product. */}
        {p.primary_image ? (
          <img className="thumb" src={p.primary_image.thumbnail_url} alt="" width={40} height={40} loading="lazy" />
        ) : (
          <span className="thumb" aria-hidden="true" />
        )}
        <Link to={`/products/${p.id}`}>{p.title}</Link>
      </>
    ),
  },
  { key: "status", header: "Status", cell: (p: Product) => <span className={`badge ${p.status}`}>{p.status === "live" ? "Live" : "Draft"}</span> },
  { key: "type", header: "Type", cell: (p: Product) => (p.product_type === "single" ? "Single" : `Variable (${p.variants.length})`) },
  { key: "price", header: "Price", cell: (p: Product) => priceRange(p.variants) },
  { key: "updated", header: "Updated", cell: (p: Product) => formatDate(p.updated_at) },
];

export function ProductList() {
  useDisplay();
  const list = useListParams(PRODUCT_LIST_DEFAULTS);
  const search = useDeferredValue(list.values.search.trim());
  const tag = useDeferredValue(list.values.tag.trim());
  const includeDrafts = list.values.drafts === "true";
  const { status, sort } = list.values;
  const fields = list.prefixed("field.");
  const products = useProducts({ search, includeDrafts, status, sort, tag, fields, cursor: list.pages.cursor });
  const rows = products.data?.data;
  return (
    <section>
      <PageHeader
        title="Products"
        actions={
          <Link className="button primary" to="/products/new">
            New product
          </Link>
        }
      />
      <CatalogTransfer />
      <DataTable
        label="Products"
        columns={columns}
        query={products}
        rowKey={(p) => p.id}
        empty={
          search || tag || status || fields.length > 0
            ? search
              ? `No product matches “${search}”.`
              : "No product matches these filters."
            : "No products yet. Create the first one."
        }
        toolbar={
          <>
            <ListSearch list={list} name="search" label="Search products" placeholder="Search by title or SKU" />
            <label>
              <input type="checkbox" checked={includeDrafts} onChange={(e) => list.set("drafts", e.target.checked ? "true" : "false")} />
              Include drafts
            </label>
            <ProductFilters list={list} />
            <MoreFilters list={list} />
          </>
        }
        pager={<CursorPager pagination={products.data?.pagination} pages={list.pages} shown={rows?.length ?? 0} busy={products.isPlaceholderData} />}
      />
    </section>
  );
}
