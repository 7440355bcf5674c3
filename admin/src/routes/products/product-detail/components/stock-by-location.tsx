// A variant's stock at each active location (its `inventory`, in position order): the table "Stock by location"
// with "Adjust" per row, and "Transfer stock" between two locations. Shown in the variant dialog, and on the page of
// a single product once the store has several active locations; the adjust and transfer dialogs open above it,
// rendered into the body so that their forms are not nested in the variant dialog's form.
import { useState } from "react";
import { createPortal } from "react-dom";
import { Link } from "react-router";
import { ACTIONS_COLUMN, DataTable } from "../../../../components/common/data-table";
import { type Location, useAllLocations } from "../../../../hooks/api/locations";
import type { Variant } from "../../../../hooks/api/variants";
import { AdjustStockDialog, type StockLevel } from "./adjust-stock-dialog";
import { TransferStockDialog } from "./transfer-stock-dialog";

/** How the adjust and transfer dialogs name a variant: a single product by its title, a variant with it. */
export const stockTitle = (productTitle: string, variant: Variant) => (variant.is_default ? productTitle : `${productTitle}, ${variant.title}`);

/** The variant's default location, when the store's locations could be read. */
export const defaultLocation = (locations: Location[] | undefined) => locations?.find((l) => l.is_default);

/**
 * Whether a `stock` write may set the variant's stock: only while no active location but the default holds on_hand
 * (docs/api/20-inventory.md). Without the locations (still loading, or no inventory.read), only while at most one does.
 */
export function stockIsWritable(variant: Variant, locations: Location[] | undefined): boolean {
  const holding = variant.inventory.filter((l) => l.on_hand > 0);
  const fallback = defaultLocation(locations);
  if (!fallback) return holding.length <= 1;
  return holding.every((l) => l.location_id === fallback.id);
}

export function StockByLocation(props: {
  productId: string;
  variant: Variant;
  /** How the adjust and transfer dialogs name what they change ("Oak stool", "Linen shirt, M"). */
  variantTitle: string;
  /** h2 on the page, h3 in the variant dialog (whose title is the h2). */
  heading?: "h2" | "h3";
}) {
  const { variant } = props;
  const Heading = props.heading ?? "h3";
  const locations = useAllLocations();
  const [adjusting, setAdjusting] = useState<string | null>(null);
  const [transferring, setTransferring] = useState(false);
  const [said, setSaid] = useState("");
  const byId = new Map((locations.data ?? []).map((l) => [l.id, l]));
  const name = (l: StockLevel) => byId.get(l.location_id)?.name ?? l.location_code;
  const levels = variant.inventory;
  const adjusted = levels.find((l) => l.location_id === adjusting);
  return (
    <section className="stock-by-location" aria-labelledby={`stock-${props.heading ?? "h3"}-${variant.id}`}>
      <div className="section-header">
        <Heading id={`stock-${props.heading ?? "h3"}-${variant.id}`}>Stock by location</Heading>
        {levels.length > 1 && (
          <div className="actions">
            <button type="button" onClick={() => (setSaid(""), setTransferring(true))}>
              Transfer stock
            </button>
          </div>
        )}
      </div>
      <DataTable
        label="Stock by location"
        rows={levels}
        rowKey={(l) => l.location_id}
        empty="No active location: add one in Settings."
        columns={[
          {
            key: "location",
            header: "Location",
            cell: (l: StockLevel) => (
              <>
                {name(l)}
                {byId.get(l.location_id)?.is_default && name(l).toLowerCase() !== "default" && <span className="hint"> (default)</span>}
              </>
            ),
          },
          { key: "on_hand", header: "On hand", cell: (l: StockLevel) => l.on_hand },
          { key: "committed", header: "Committed", cell: (l: StockLevel) => l.committed },
          { key: "available", header: "Available", cell: (l: StockLevel) => l.available },
          {
            ...ACTIONS_COLUMN,
            cell: (l: StockLevel) => (
              <button type="button" onClick={() => (setSaid(""), setAdjusting(l.location_id))}>
                Adjust
              </button>
            ),
          },
        ]}
      />
      {levels.length === 1 && (
        <p className="hint">
          One location holds this store's stock. <Link to="/settings">Add a location in Settings</Link> to keep stock in more than one place.
        </p>
      )}
      {said && (
        <p role="status" className="save-status">
          {said}
        </p>
      )}
      {adjusted &&
        createPortal(
          <AdjustStockDialog
            key={adjusted.location_id}
            productId={props.productId}
            variantId={variant.id}
            variantTitle={props.variantTitle}
            locationName={name(adjusted)}
            level={adjusted}
            onClose={() => setAdjusting(null)}
            onSaved={setSaid}
          />,
          document.body,
        )}
      {transferring &&
        createPortal(
          <TransferStockDialog
            productId={props.productId}
            variantId={variant.id}
            variantTitle={props.variantTitle}
            levels={levels}
            name={name}
            onClose={() => setTransferring(false)}
            onSaved={setSaid}
          />,
          document.body,
        )}
    </section>
  );
}
