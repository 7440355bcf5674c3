// One customer: "Email", "Name", "Phone" and the customer's custom fields editable ("Save" sends what changed; an
// emptied name, phone or field is cleared), and their orders.
import { useState, type FormEvent } from "react";
import { useParams } from "react-router";
import { TextField } from "../../../components/common/field";
import { useEditForm } from "../../../components/common/edit-form";
import { PageHeader } from "../../../components/common/page-header";
import { QueryState } from "../../../components/common/query-state";
import { SaveActions } from "../../../components/common/save-status";
import { CustomFields, useCustomFields } from "../../../components/custom-fields/custom-fields";
import { useCustomer, useUpdateCustomer, type Customer } from "../../../hooks/api/customers";
import { useOrders } from "../../../hooks/api/orders";
import { fieldsState } from "../../../lib/field-values";
import { ApiProblem } from "../../../lib/problem";
import { OrdersTable } from "../../orders/components/orders-table";

const fromCustomer = (c: Customer) => ({ email: c.email, name: c.name ?? "", phone: c.phone ?? "", fields: fieldsState(c.fields) });

function CustomerForm({ customer }: { customer: Customer }) {
  const update = useUpdateCustomer(customer.id);
  const custom = useCustomFields("customer");
  const edit = useEditForm(fromCustomer(customer));
  const [localError, setLocalError] = useState<ApiProblem | null>(null);
  const error = localError ?? update.error;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = custom.body(edit.form.fields, "update");
    if (fields instanceof ApiProblem) return setLocalError(fields);
    setLocalError(null);
    const { fields: _, ...texts } = edit.changes();
    const changes = Object.fromEntries(
      Object.entries(texts).map(([k, v]) => [k, k !== "email" && v!.trim() === "" ? null : v!.trim()]),
    );
    update.mutate({ ...changes, ...fields }, { onSuccess: (c) => edit.saved(fromCustomer(c)) });
  };
  return (
    <form onSubmit={submit} className="card">
      <h2>Details</h2>
      <TextField label="Email" type="email" required value={edit.form.email} onChange={edit.set("email")} path="email" error={error} />
      <TextField label="Name" value={edit.form.name} onChange={edit.set("name")} path="name" error={error} />
      <TextField label="Phone" type="tel" value={edit.form.phone} onChange={edit.set("phone")} path="phone" error={error} />
      <CustomFields custom={custom} state={edit.form.fields} onChange={(f) => edit.setValue("fields", f)} error={error} />
      <SaveActions state={localError ? { ...update, isError: true, error: localError } : update} stale={edit.dirty} />
    </form>
  );
}

function CustomerOrders({ customerId }: { customerId: string }) {
  const [offset, setOffset] = useState(0);
  const orders = useOrders({ customerId, offset });
  return (
    <section className="card" aria-labelledby="customer-orders">
      <h2 id="customer-orders">Orders</h2>
      <OrdersTable
        query={orders}
        label="Orders of this customer"
        empty="No orders yet."
        onOffset={setOffset}
      />
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
          <PageHeader title={c.name ?? c.email} back={{ to: "/customers", label: "Customers" }} />
          <CustomerForm key={c.id} customer={c} />
          <CustomerOrders customerId={c.id} />
        </section>
      )}
    </QueryState>
  );
}
