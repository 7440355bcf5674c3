// One customer: "Email", "Name", "Phone" and the customer's custom fields editable ("Save" sends what changed; an
// emptied name, phone or field is cleared), its customer groups (./customer-groups-card.tsx), and their orders.
import { useState } from "react";
import { useParams } from "react-router";
import { TextField } from "../../../components/common/field";
import { PageHeader } from "../../../components/common/page-header";
import { QueryState } from "../../../components/common/query-state";
import { SaveActions } from "../../../components/common/save-status";
import { CustomFields, useCustomFields } from "../../../components/custom-fields/custom-fields";
import { ApiForm, useApiForm } from "../../../components/forms";
import { useCustomer, useUpdateCustomer, type Customer } from "../../../hooks/api/customers";
import { useOrders } from "../../../hooks/api/orders";
import { fieldsState } from "../../../lib/field-values";
import { ApiProblem } from "../../../lib/problem";
import { OrdersTable } from "../../orders/components/orders-table";
import { CustomerGroupsCard } from "./customer-groups-card";

const fromCustomer = (c: Customer) => ({ email: c.email, name: c.name ?? "", phone: c.phone ?? "", fields: fieldsState(c.fields) });

function CustomerForm({ customer }: { customer: Customer }) {
  const custom = useCustomFields("customer");
  const form = useApiForm({
    defaultValues: fromCustomer(customer),
    mutation: useUpdateCustomer(customer.id),
    request: (values, { fields: _, ...texts }) => {
      const fields = custom.body(values.fields, "update");
      if (fields instanceof ApiProblem) return fields;
      // Only what changed; an emptied name or phone is cleared (null).
      const changes = Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, k !== "email" && v.trim() === "" ? null : v.trim()]));
      return { ...changes, ...fields };
    },
    onSaved: (c) => form.saved(fromCustomer(c)),
  });
  return (
    <ApiForm form={form} className="card">
      <h2>Details</h2>
      <TextField label="Email" type="email" required {...form.register("email")} />
      <TextField label="Name" {...form.register("name")} />
      <TextField label="Phone" type="tel" {...form.register("phone")} />
      <CustomFields custom={custom} />
      <SaveActions state={form.status} stale={form.dirty} />
    </ApiForm>
  );
}

function CustomerOrders({ customerId }: { customerId: string }) {
  const [offset, setOffset] = useState(0);
  const orders = useOrders({ customerId, offset });
  return (
    <section className="card" aria-labelledby="customer-orders">
      <h2 id="customer-orders">Orders</h2>
      <OrdersTable query={orders} label="Orders of this customer" empty="No orders yet." onOffset={setOffset} />
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
          <CustomerGroupsCard customer={c} />
          <CustomerOrders customerId={c.id} />
        </section>
      )}
    </QueryState>
  );
}
