// Customers: search by part of an email, name or phone (in the URL), "New customer", one row per customer with a
// link to their page; below, the store's customer groups (../customer-groups).
import { useDeferredValue, useState } from "react";
import { Link, useNavigate } from "react-router";
import { FormDialog } from "../../../components/common/form-dialog";
import { TextField } from "../../../components/common/field";
import { DataTable } from "../../../components/common/data-table";
import { ListSearch } from "../../../components/common/list-filters";
import { useListParams } from "../../../components/common/list-params";
import { PageHeader } from "../../../components/common/page-header";
import { CustomFields, useCustomFields } from "../../../components/custom-fields/custom-fields";
import { useApiForm } from "../../../components/forms";
import { type Customer, useCreateCustomer, useCustomers } from "../../../hooks/api/customers";
import { fieldsState } from "../../../lib/field-values";
import { formatDate, useDisplay } from "../../../lib/format";
import { ApiProblem } from "../../../lib/problem";
import { CustomerGroupsSection } from "../customer-groups/customer-groups-section";

function NewCustomerDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const custom = useCustomFields("customer");
  const form = useApiForm({
    defaultValues: { email: "", name: "", phone: "", fields: fieldsState() },
    mutation: useCreateCustomer(),
    request: ({ email, name, phone, fields: state }) => {
      const fields = custom.body(state, "create");
      if (fields instanceof ApiProblem) return fields;
      return { email: email.trim(), name: name.trim() || undefined, phone: phone.trim() || undefined, ...fields };
    },
    onSaved: (c) => navigate(`/customers/${c.id}`),
  });
  return (
    <FormDialog title="New customer" form={form} onClose={onClose} submit="Create customer">
      <TextField label="Email" type="email" required {...form.register("email")} />
      <TextField label="Name" {...form.register("name")} />
      <TextField label="Phone" type="tel" {...form.register("phone")} />
      <CustomFields custom={custom} />
    </FormDialog>
  );
}

const columns = [
  { key: "email", header: "Email", cell: (c: Customer) => <Link to={`/customers/${c.id}`}>{c.email}</Link> },
  { key: "name", header: "Name", cell: (c: Customer) => c.name ?? "—" },
  { key: "phone", header: "Phone", cell: (c: Customer) => c.phone ?? "—" },
  { key: "since", header: "Since", cell: (c: Customer) => formatDate(c.created_at) },
];

export default function CustomerList() {
  useDisplay();
  const list = useListParams({ search: "" });
  const [creating, setCreating] = useState(false);
  const typed = useDeferredValue(list.values.search.trim());
  // The API needs at least 2 characters; one typed character lists everyone still.
  const search = [...typed].length >= 2 ? typed : "";
  const customers = useCustomers({ search, offset: list.offset });
  return (
    <section>
      <PageHeader
        title="Customers"
        actions={
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            New customer
          </button>
        }
      />
      <DataTable
        label="Customers"
        columns={columns}
        query={customers}
        onOffset={list.setOffset}
        rowKey={(c) => c.id}
        empty={search ? `No customer matches “${search}”.` : "No customers yet."}
        toolbar={<ListSearch list={list} name="search" label="Search customers" placeholder="Part of an email, name or phone" />}
      />
      <CustomerGroupsSection />
      {creating && <NewCustomerDialog onClose={() => setCreating(false)} />}
    </section>
  );
}
