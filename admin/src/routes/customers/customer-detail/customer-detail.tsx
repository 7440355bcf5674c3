// One customer: "Email", "Name", "Phone" editable ("Save" sends what changed; an emptied name or phone is
// cleared), and their orders.
import { useState, type FormEvent } from "react";
import { Link, useParams } from "react-router";
import { TextField } from "../../../components/common/field";
import { Pager } from "../../../components/common/pager";
import { Empty, ErrorMessage, QueryState } from "../../../components/common/query-state";
import { useCustomer, useUpdateCustomer, type Customer } from "../../../hooks/api/customers";
import { useOrders } from "../../../hooks/api/orders";
import { OrdersTable } from "../../orders/components/orders-table";

const fromCustomer = (c: Customer) => ({ email: c.email, name: c.name ?? "", phone: c.phone ?? "" });

function CustomerForm({ customer }: { customer: Customer }) {
  const update = useUpdateCustomer(customer.id);
  const [form, setForm] = useState(() => fromCustomer(customer));
  const [saved, setSaved] = useState(false);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => (setSaved(false), setForm({ ...form, [key]: e.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const initial = fromCustomer(customer);
    const keys = (["email", "name", "phone"] as const).filter((k) => form[k].trim() !== initial[k]);
    const changes = Object.fromEntries(keys.map((k) => [k, k !== "email" && form[k].trim() === "" ? null : form[k].trim()]));
    update.mutate(changes, { onSuccess: (c) => (setForm(fromCustomer(c)), setSaved(true)) });
  };
  return (
    <form onSubmit={submit} className="card">
      <h2>Details</h2>
      <TextField label="Email" type="email" required value={form.email} onChange={set("email")} path="email" error={update.error} />
      <TextField label="Name" value={form.name} onChange={set("name")} path="name" error={update.error} />
      <TextField label="Phone" type="tel" value={form.phone} onChange={set("phone")} path="phone" error={update.error} />
      <ErrorMessage error={update.error} />
      <div className="actions">
        <button type="submit" className="primary" disabled={update.isPending}>
          Save
        </button>
        {saved && <span role="status">Saved</span>}
      </div>
    </form>
  );
}

function CustomerOrders({ customerId }: { customerId: string }) {
  const [offset, setOffset] = useState(0);
  const orders = useOrders({ customerId, offset });
  const rows = orders.data?.data ?? [];
  return (
    <section className="card" aria-labelledby="customer-orders">
      <h2 id="customer-orders">Orders</h2>
      <ErrorMessage error={orders.error} />
      {!orders.isPending && rows.length === 0 ? (
        <Empty>No orders yet.</Empty>
      ) : (
        <OrdersTable orders={rows} busy={orders.isPlaceholderData} caption="Orders of this customer" />
      )}
      <Pager pagination={orders.data?.pagination} onOffset={setOffset} busy={orders.isPlaceholderData} />
    </section>
  );
}

export default function CustomerDetail() {
  const { id = "" } = useParams();
  const customer = useCustomer(id);
  return (
    <QueryState query={customer}>
      {(c) => (
        <section>
          <p>
            <Link to="/customers">← Customers</Link>
          </p>
          <div className="page-header">
            <h1>{c.name ?? c.email}</h1>
          </div>
          <CustomerForm key={c.id} customer={c} />
          <CustomerOrders customerId={c.id} />
        </section>
      )}
    </QueryState>
  );
}
