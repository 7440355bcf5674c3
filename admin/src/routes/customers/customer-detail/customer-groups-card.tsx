// A customer's groups (docs/api/24-prices.md: `group_ids`, changed by POST .../customer-groups/{id}/customers):
// each group with "Remove from group", and "Add to group" (a dialog offering the groups it is not in). Price lists
// limited to groups apply to the customer's orders through these.
import { useState } from "react";
import { ACTIONS_COLUMN, DataTable } from "../../../components/common/data-table";
import { SelectField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { useApiForm } from "../../../components/forms";
import { type CustomerGroup, useChangeGroupMembers, useCustomerGroups } from "../../../hooks/api/customer-groups";
import type { Customer } from "../../../hooks/api/customers";
import { localProblem } from "../../../lib/problem";

function AddToGroupDialog(props: { customer: Customer; groups: CustomerGroup[]; onClose: () => void; onSaved: (name: string) => void }) {
  const offered = props.groups.filter((g) => !props.customer.group_ids.includes(g.id));
  const form = useApiForm({
    defaultValues: { group: offered[0]?.id ?? "" },
    mutation: useChangeGroupMembers(),
    paths: { id: "group", add: "group", "add.0": "group" },
    request: ({ group }) => (group ? { id: group, add: [props.customer.id] } : localProblem("group", "Choose a group")),
    onSaved: (g) => (props.onSaved(g.name), props.onClose()),
  });
  return (
    <FormDialog title="Add to group" form={form} onClose={props.onClose} submit="Add to group">
      {offered.length === 0 ? (
        <p className="hint">The customer is in every group already (add groups under Customers → Customer groups).</p>
      ) : (
        <SelectField label="Group" options={offered.map((g) => [g.id, g.name] as const)} {...form.register("group")} />
      )}
    </FormDialog>
  );
}

export function CustomerGroupsCard({ customer }: { customer: Customer }) {
  const groups = useCustomerGroups();
  const change = useChangeGroupMembers();
  const [adding, setAdding] = useState(false);
  const [said, setSaid] = useState("");
  const byId = new Map((groups.data ?? []).map((g) => [g.id, g]));
  // A group the list does not hold (created meanwhile) is still shown, by its id, until the groups are read again.
  const mine = customer.group_ids.map((id) => byId.get(id) ?? { id, name: id, code: "" });
  const columns = [
    { key: "name", header: "Group", cell: (g: Pick<CustomerGroup, "id" | "name" | "code">) => g.name },
    { key: "code", header: "Code", cell: (g: Pick<CustomerGroup, "id" | "name" | "code">) => <code>{g.code}</code> },
    {
      ...ACTIONS_COLUMN,
      cell: (g: Pick<CustomerGroup, "id" | "name" | "code">) => (
        <button
          type="button"
          aria-label={`Remove from group ${g.name}`}
          disabled={change.isPending}
          onClick={() => {
            setSaid("");
            change.mutate({ id: g.id, remove: [customer.id] }, { onSuccess: () => setSaid(`Removed from ${g.name}`) });
          }}
        >
          Remove from group
        </button>
      ),
    },
  ];
  return (
    <section className="card" aria-labelledby="customer-groups">
      <div className="section-header">
        <h2 id="customer-groups">Customer groups</h2>
        <div className="actions">
          <button type="button" onClick={() => setAdding(true)} disabled={!groups.data}>
            Add to group
          </button>
        </div>
      </div>
      <DataTable
        label="Groups of this customer"
        columns={columns}
        rows={mine}
        loading={groups.isPending}
        rowKey={(g) => g.id}
        error={groups.error || change.error}
        empty="In no group: price lists for groups do not apply to this customer."
      />
      {said && (
        <p role="status" className="save-status">
          {said}
        </p>
      )}
      {adding && groups.data && (
        <AddToGroupDialog customer={customer} groups={groups.data} onClose={() => setAdding(false)} onSaved={(name) => setSaid(`Added to ${name}`)} />
      )}
    </section>
  );
}
