// Customers: search (the API matches an exact email, case-insensitive), "New customer", one row per customer with
// a link to their page.
import { useDeferredValue, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { Dialog, FormActions } from "../../../components/common/dialog";
import { TextField } from "../../../components/common/field";
import { Pager } from "../../../components/common/pager";
import { Empty, ErrorMessage, Loading } from "../../../components/common/query-state";
import { useCreateCustomer, useCustomers } from "../../../hooks/api/customers";
import { formatDate } from "../../../lib/format";

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

export default function CustomerList() {
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const email = useDeferredValue(search.trim());
  const customers = useCustomers({ email, offset });
  const rows = customers.data?.data ?? [];
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
      <div className="toolbar">
        <input
          type="search"
          aria-label="Search customers"
          placeholder="Exact email address"
          value={search}
          onChange={(e) => (setSearch(e.target.value), setOffset(0))}
        />
      </div>
      <ErrorMessage error={customers.error} />
      {customers.isPending ? (
        <Loading label="Loading customers…" />
      ) : rows.length === 0 ? (
        <Empty>{email ? `No customer with the email “${email}” (the search matches a whole address).` : "No customers yet."}</Empty>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Customers table">
          <table aria-busy={customers.isPlaceholderData}>
            <caption className="visually-hidden">Customers</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Name</th>
                <th scope="col">Phone</th>
                <th scope="col">Since</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link to={`/customers/${c.id}`}>{c.email}</Link>
                  </td>
                  <td>{c.name ?? "—"}</td>
                  <td>{c.phone ?? "—"}</td>
                  <td>{formatDate(c.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager pagination={customers.data?.pagination} onOffset={setOffset} busy={customers.isPlaceholderData} />
      {creating && <NewCustomerDialog onClose={() => setCreating(false)} />}
    </section>
  );
}
