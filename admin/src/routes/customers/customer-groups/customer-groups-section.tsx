// Customers → Customer groups (docs/api/24-prices.md): the store's groups (at most 100, all shown), each with its
// code and how many customers it holds; "Add customer group"; per row "Rename" and "Delete" (confirmed; the API
// refuses, in words shown here, while a price list names the group). A customer joins or leaves a group on its page.
import { useState } from "react";
import { ConfirmButton } from "../../../components/common/confirm-button";
import { ACTIONS_COLUMN, DataTable } from "../../../components/common/data-table";
import { type CustomerGroup, useCustomerGroups, useDeleteCustomerGroup } from "../../../hooks/api/customer-groups";
import { AddGroupDialog, RenameGroupDialog } from "./group-dialogs";

export function CustomerGroupsSection() {
  const groups = useCustomerGroups();
  const remove = useDeleteCustomerGroup();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<CustomerGroup | null>(null);
  const [said, setSaid] = useState("");
  // The last row action's failure, in the API's words (a 409 while a price list names the group).
  const [failed, setFailed] = useState<unknown>(null);
  const columns = [
    { key: "name", header: "Group", cell: (g: CustomerGroup) => g.name },
    { key: "code", header: "Code", cell: (g: CustomerGroup) => <code>{g.code}</code> },
    { key: "customers", header: "Customers", cell: (g: CustomerGroup) => g.customer_count },
    {
      ...ACTIONS_COLUMN,
      cell: (g: CustomerGroup) => (
        <>
          <button type="button" aria-label={`Rename ${g.name}`} onClick={() => setRenaming(g)}>
            Rename
          </button>
          <ConfirmButton
            action="Delete"
            label={`Delete ${g.name}`}
            title={`Delete the group “${g.name}”?`}
            message="Its customers stay; they just leave the group. A group a price list names cannot be deleted."
            pending={remove.isPending}
            onConfirm={() => {
              setFailed(null);
              setSaid("");
              remove.mutate(g.id, { onSuccess: () => setSaid(`Deleted ${g.name}`), onError: setFailed });
            }}
          />
        </>
      ),
    },
  ];
  return (
    <section className="card" aria-labelledby="customer-groups-heading">
      <div className="section-header">
        <h2 id="customer-groups-heading">Customer groups</h2>
        <div className="actions">
          <button type="button" onClick={() => setAdding(true)}>
            Add customer group
          </button>
        </div>
      </div>
      <p className="hint">Price lists can be limited to groups (wholesale, staff). A customer joins a group on its page.</p>
      <DataTable
        label="Customer groups"
        columns={columns}
        rows={groups.data}
        loading={groups.isPending}
        rowKey={(g) => g.id}
        error={groups.error || failed}
        empty="No customer groups yet."
      />
      {/* Only while there is something to say. */}
      {said && (
        <p role="status" className="save-status">
          {said}
        </p>
      )}
      {adding && <AddGroupDialog onClose={() => setAdding(false)} onSaved={(name) => (setFailed(null), setSaid(`Added ${name}`))} />}
      {renaming && (
        <RenameGroupDialog
          key={renaming.id}
          group={renaming}
          onClose={() => setRenaming(null)}
          onSaved={(name) => (setFailed(null), setSaid(`Saved ${name}`))}
        />
      )}
    </section>
  );
}
