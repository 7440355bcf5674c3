// Settings → Locations: where the store keeps stock (docs/api/20-inventory.md), a page at a time (its page in the URL,
// `locations_offset`). "Add location"; per row "Rename", "Make default" (active ones), "Deactivate" / "Activate" (the
// default cannot be inactive) and "Delete" (confirmed; the API refuses, in words shown here, while the location holds
// stock or is the default).
import { useState } from "react";
import { ConfirmButton } from "../../../components/common/confirm-button";
import { ACTIONS_COLUMN, DataTable } from "../../../components/common/data-table";
import { useListParams } from "../../../components/common/list-params";
import { type Location, useDeleteLocation, useLocations, useUpdateLocation } from "../../../hooks/api/locations";
import { AddLocationDialog, RenameLocationDialog } from "./location-dialogs";

export function LocationsSection() {
  const list = useListParams({}, "locations_offset");
  const locations = useLocations(list.offset);
  const update = useUpdateLocation();
  const remove = useDeleteLocation();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Location | null>(null);
  const [said, setSaid] = useState("");
  // The last row action's failure, in the API's words (a 409 while a location holds stock).
  const [failed, setFailed] = useState<unknown>(null);
  const act = (change: { id: string; is_default?: boolean; active?: boolean }, done: string) => {
    setFailed(null);
    setSaid("");
    update.mutate(change, { onSuccess: () => setSaid(done), onError: setFailed });
  };
  const columns = [
    {
      key: "name",
      header: "Location",
      cell: (l: Location) => (
        <>
          {l.name} {l.is_default && <span className="badge">Default</span>}
        </>
      ),
    },
    { key: "code", header: "Code", cell: (l: Location) => <code>{l.code}</code> },
    { key: "status", header: "Status", cell: (l: Location) => (l.active ? "Active" : "Inactive: its stock counts for nothing") },
    {
      ...ACTIONS_COLUMN,
      cell: (l: Location) => (
        <>
          <button type="button" onClick={() => setRenaming(l)}>
            Rename
          </button>
          {!l.is_default && l.active && (
            <button type="button" disabled={update.isPending} onClick={() => act({ id: l.id, is_default: true }, `${l.name} is the default location`)}>
              Make default
            </button>
          )}
          {!l.is_default && (
            <button
              type="button"
              disabled={update.isPending}
              onClick={() => act({ id: l.id, active: !l.active }, `${l.name} is ${l.active ? "inactive" : "active"}`)}
            >
              {l.active ? "Deactivate" : "Activate"}
            </button>
          )}
          {!l.is_default && (
            <ConfirmButton
              action="Delete"
              title={`Delete the location “${l.name}”?`}
              message="Only a location that holds no stock can be deleted; its history stays in the inventory ledger."
              pending={remove.isPending}
              onConfirm={() => {
                setFailed(null);
                setSaid("");
                remove.mutate(l.id, { onSuccess: () => setSaid(`Deleted ${l.name}`), onError: setFailed });
              }}
            />
          )}
        </>
      ),
    },
  ];
  return (
    <section className="card" aria-labelledby="locations-heading">
      <div className="section-header">
        <h2 id="locations-heading">Locations</h2>
        <div className="actions">
          <button type="button" onClick={() => setAdding(true)}>
            Add location
          </button>
        </div>
      </div>
      <p className="hint">
        Where the store keeps stock. Orders take stock from the default location first, then in this order; an inactive location's stock is not sold.
      </p>
      <DataTable
        label="Locations"
        columns={columns}
        query={locations}
        onOffset={list.setOffset}
        rowKey={(l) => l.id}
        error={failed}
        empty="No locations yet."
      />
      {/* Only while there is something to say: Settings has one status of its own ("Saved" beside the store's form). */}
      {said && (
        <p role="status" className="save-status">
          {said}
        </p>
      )}
      {adding && <AddLocationDialog onClose={() => setAdding(false)} onSaved={(name) => (setFailed(null), setSaid(`Added ${name}`))} />}
      {renaming && (
        <RenameLocationDialog
          key={renaming.id}
          location={renaming}
          onClose={() => setRenaming(null)}
          onSaved={(name) => (setFailed(null), setSaid(`Saved ${name}`))}
        />
      )}
    </section>
  );
}
