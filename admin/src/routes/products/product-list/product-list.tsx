// Products: search (title or SKU prefix), drafts on demand, cursor paging that keeps its place while the catalog
// changes, keeps the current page on screen while the next loads (and prefetches the one after); CSV export/import.
import { useDeferredValue, useState } from "react";
import { Link } from "react-router";
import { CursorPager, useCursorPages } from "../../../components/common/cursor-pager";
import { Empty, ErrorMessage, Loading } from "../../../components/common/query-state";
import { useProducts } from "../../../hooks/api/products";
import { formatCents, formatDate } from "../../../lib/format";
import { CatalogTransfer } from "./catalog-transfer";
import { ProductFilters, useProductFilters } from "./product-filters";

function priceRange(variants: { price_cents: number }[]) {
  if (variants.length === 0) return "—";
  const prices = variants.map((v) => v.price_cents);
  const [min, max] = [Math.min(...prices), Math.max(...prices)];
  return min === max ? formatCents(min) : `${formatCents(min)}–${formatCents(max)}`;
}

export function ProductList() {
  const [search, setSearch] = useState("");
  const [includeDrafts, setIncludeDrafts] = useState(true);
  const pages = useCursorPages();
  const deferredSearch = useDeferredValue(search.trim());
  const { filters } = useProductFilters();
  const deferredTag = useDeferredValue(filters.tag.trim());
  const products = useProducts({ search: deferredSearch, includeDrafts, ...filters, tag: deferredTag, cursor: pages.cursor });
  const rows = products.data?.data ?? [];
  return (
    <section>
      <div className="page-header">
        <h1>Products</h1>
        <Link className="button primary" to="/products/new">
          New product
        </Link>
      </div>
      <CatalogTransfer />
      <div className="toolbar">
        <input
          type="search"
          aria-label="Search products"
          placeholder="Search by title or SKU"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            pages.reset();
          }}
        />
        <label>
          <input
            type="checkbox"
            checked={includeDrafts}
            onChange={(e) => {
              setIncludeDrafts(e.target.checked);
              pages.reset();
            }}
          />
          Include drafts
        </label>
        <ProductFilters onChange={pages.reset} />
      </div>
      <ErrorMessage error={products.error} />
      {products.isPending ? (
        <Loading label="Loading products…" />
      ) : rows.length === 0 ? (
        <Empty>{deferredSearch ? `No product matches “${deferredSearch}”.` : "No products yet. Create the first one."}</Empty>
      ) : (
        <table aria-busy={products.isPlaceholderData}>
          <caption className="visually-hidden">Products</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Status</th>
              <th scope="col">Type</th>
              <th scope="col">Price</th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.id}>
                <td className="title-cell">
                  {/* Decorative beside the title it illustrates: the link already names the product. */}
                  {p.primary_image ? (
                    <img className="thumb" src={p.primary_image.thumbnail_url} alt="" width={40} height={40} loading="lazy" />
                  ) : (
                    <span className="thumb" aria-hidden="true" />
                  )}
                  <Link to={`/products/${p.id}`}>{p.title}</Link>
                </td>
                <td>
                  <span className={`badge ${p.status}`}>{p.status === "live" ? "Live" : "Draft"}</span>
                </td>
                <td>{p.product_type === "single" ? "Single" : `Variable (${p.variants.length})`}</td>
                <td>{priceRange(p.variants)}</td>
                <td>{formatDate(p.updated_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <CursorPager pagination={products.data?.pagination} pages={pages} shown={rows.length} busy={products.isPlaceholderData} />
    </section>
  );
}
