// Inventory: every level (a variant at a location: on hand, committed, available), cursor paged (GET /inventory),
// with filters "Location" and "Low stock" (levels whose available is below "Threshold"), all in the URL. Levels carry
// product ids only: each product on the page is read once (cached, shared with the product page) to name its rows.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { CursorPager } from "../../../components/common/cursor-pager";
import { DataTable } from "../../../components/common/data-table";
import { ListSelect } from "../../../components/common/list-filters";
import { useListParams } from "../../../components/common/list-params";
import { PageHeader } from "../../../components/common/page-header";
import { type InventoryLevel, useInventoryLevels } from "../../../hooks/api/inventory";
import { locationNamer, useAllLocations } from "../../../hooks/api/locations";
import { useProductsById } from "../../../hooks/api/products";
import { formatDate, useDisplay } from "../../../lib/format";
import { parseCount } from "../../../lib/inventory-words";
import { variantTitle } from "../../products/product-detail/components/variants-section";

/** Low stock means fewer than this available, unless the URL says otherwise. */
const DEFAULT_THRESHOLD = "5";

export default function InventoryList() {
  useDisplay();
  const list = useListParams({ location: "", low: "", below: DEFAULT_THRESHOLD });
  const low = list.values.low === "true";
  const threshold = parseCount(list.values.below);
  // What is typed: the URL takes it once it is a whole number (an emptied box does not snap back to the default).
  const [belowText, setBelowText] = useState(list.values.below);
  useEffect(() => setBelowText(list.values.below), [list.values.below]);
  const typedInvalid = parseCount(belowText) === null;
  const levels = useInventoryLevels({
    locationId: list.values.location,
    availableBelow: low && threshold !== null ? threshold : undefined,
    cursor: list.pages.cursor,
  });
  const locations = useAllLocations();
  const locationName = locationNamer(locations.data);
  const rows = levels.data?.data;
  const products = useProductsById([...new Set((rows ?? []).map((l) => l.product_id))]);
  const variantOf = (l: InventoryLevel) => products.get(l.product_id)?.variants.find((v) => v.id === l.variant_id);
  const columns = [
    {
      key: "product",
      header: "Product",
      cell: (l: InventoryLevel) => <Link to={`/products/${l.product_id}`}>{products.get(l.product_id)?.title ?? `Product ${l.product_id.slice(0, 8)}`}</Link>,
    },
    {
      key: "variant",
      header: "Variant",
      cell: (l: InventoryLevel) => {
        const v = variantOf(l);
        return (
          <>
            {v ? variantTitle(v) : "—"}
            {l.sku && <div className="hint">{l.sku}</div>}
          </>
        );
      },
    },
    { key: "location", header: "Location", cell: (l: InventoryLevel) => locationName(l.location_id, l.location_code) },
    { key: "on_hand", header: "On hand", cell: (l: InventoryLevel) => l.on_hand },
    { key: "committed", header: "Committed", cell: (l: InventoryLevel) => l.committed },
    { key: "available", header: "Available", cell: (l: InventoryLevel) => l.available },
    { key: "updated", header: "Updated", cell: (l: InventoryLevel) => formatDate(l.updated_at) },
  ];
  const locationOptions = [["", "All locations"], ...(locations.data ?? []).map((l) => [l.id, l.active ? l.name : `${l.name} (inactive)`] as const)] as const;
  return (
    <section>
      <PageHeader title="Inventory" />
      <DataTable
        label="Inventory"
        columns={columns}
        query={levels}
        rowKey={(l) => `${l.variant_id}:${l.location_id}`}
        empty={
          low
            ? `No stock level below ${threshold ?? DEFAULT_THRESHOLD} available${list.values.location ? " at this location" : ""}.`
            : list.values.location
              ? "Nothing is stocked at this location yet."
              : "No stock recorded yet: a variant's stock appears here once it is set."
        }
        toolbar={
          <>
            <ListSelect list={list} name="location" label="Location" options={locationOptions} />
            <label>
              <input type="checkbox" checked={low} onChange={(e) => list.set("low", e.target.checked ? "true" : "")} />
              Low stock
            </label>
            <label className="field inline">
              Threshold
              <input
                type="number"
                min={0}
                className="narrow"
                value={belowText}
                aria-invalid={typedInvalid || undefined}
                aria-describedby="threshold-hint"
                onChange={(e) => {
                  setBelowText(e.target.value);
                  if (parseCount(e.target.value) !== null) list.set("below", e.target.value);
                }}
              />
            </label>
            <small id="threshold-hint" className="hint">
              {typedInvalid ? "Enter a whole number" : "Low stock: fewer available than this"}
            </small>
          </>
        }
        pager={<CursorPager pagination={levels.data?.pagination} pages={list.pages} shown={rows?.length ?? 0} busy={levels.isPlaceholderData} />}
      />
    </section>
  );
}
