// Customers: search by part of an email, name or phone (in the URL), "New customer", one row per customer with a
// link to their page.
import { useDeferredValue, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { Dialog, FormActions } from "../../../components/common/dialog";
import { TextField } from "../../../components/common/field";
import { DataTable } from "../../../components/common/data-table";
import { ListSearch } from "../../../components/common/list-filters";
import { useListParams } from "../../../components/common/list-params";
import { Pager } from "../../../components/common/pager";
import { ErrorMessage } from "../../../components/common/query-state";
import { type Customer, useCreateCustomer, useCustomers } from "../../../hooks/api/customers";
import { formatDate, useDisplay } from "../../../lib/format";

function NewCustomerDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateCustomer();
  const navigate = useNavigate();
  const [form, setForm] = useState({ email: "", name: "", phone: "" });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { email: form.email.trim(), name: form.name.trim() || undefined, phone: form.phone.trim() || undefined },
      { onSuccess: (c) => navigate(`/customers/${c.id}`) },
    );
  };
  return (
    <Dialog title="New customer" open onClose={onClose}>
      <form onSubmit={submit}>
        <TextField label="Email" type="email" required value={form.email} onChange={set("email")} path="email" error={create.error} />
        <TextField label="Name" value={form.name} onChange={set("name")} path="name" error={create.error} />
        <TextField label="Phone" type="tel" value={form.phone} onChange={set("phone")} path="phone" error={create.error} />
        <ErrorMessage error={create.error} />
        <FormActions submit="Create customer" pending={create.isPending} onCancel={onClose} />
      </form>
    </Dialog>
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
      <div className="page-header">
        <h1>Customers</h1>
        <div className="actions">
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            New customer
          </button>
        </div>
      </div>
      <DataTable
        label="Customers"
        columns={columns}
        rows={customers.data?.data}
        rowKey={(c) => c.id}
        loading={customers.isPending}
        busy={customers.isPlaceholderData}
        error={customers.error}
        empty={search ? `No customer matches “${search}”.` : "No customers yet."}
        toolbar={<ListSearch list={list} name="search" label="Search customers" placeholder="Part of an email, name or phone" />}
        pager={<Pager pagination={customers.data?.pagination} onOffset={list.setOffset} busy={customers.isPlaceholderData} />}
      />
      {creating && <NewCustomerDialog onClose={() => setCreating(false)} />}
    </section>
  );
}
