// Customers: search by part of an email, name or phone (in the URL), "New customer", one row per customer with a
// link to their page.
import { useDeferredValue, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useEditForm } from "../../../components/common/edit-form";
import { FormDialog } from "../../../components/common/form-dialog";
import { TextField } from "../../../components/common/field";
import { DataTable } from "../../../components/common/data-table";
import { ListSearch } from "../../../components/common/list-filters";
import { useListParams } from "../../../components/common/list-params";
import { PageHeader } from "../../../components/common/page-header";
import { CustomFields, useCustomFields } from "../../../components/custom-fields/custom-fields";
import { type Customer, useCreateCustomer, useCustomers } from "../../../hooks/api/customers";
import { fieldsState } from "../../../lib/field-values";
import { formatDate, useDisplay } from "../../../lib/format";
import { ApiProblem } from "../../../lib/problem";

function NewCustomerDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateCustomer();
  const navigate = useNavigate();
  const custom = useCustomFields("customer");
  const edit = useEditForm({ email: "", name: "", phone: "", fields: fieldsState() });
  const { email, name, phone } = edit.form;
  const [localError, setLocalError] = useState<ApiProblem | null>(null);
  const error = localError ?? create.error;
  const submit = () => {
    const fields = custom.body(edit.form.fields, "create");
    if (fields instanceof ApiProblem) return setLocalError(fields);
    setLocalError(null);
    create.mutate(
      { email: email.trim(), name: name.trim() || undefined, phone: phone.trim() || undefined, ...fields },
      { onSuccess: (c) => (edit.saved(), navigate(`/customers/${c.id}`)) },
    );
  };
  return (
    <FormDialog title="New customer" form={edit} onClose={onClose} onSubmit={submit} submit="Create customer" pending={create.isPending} error={error}>
      <TextField label="Email" type="email" required value={email} onChange={edit.set("email")} path="email" error={error} />
      <TextField label="Name" value={name} onChange={edit.set("name")} path="name" error={error} />
      <TextField label="Phone" type="tel" value={phone} onChange={edit.set("phone")} path="phone" error={error} />
      <CustomFields custom={custom} state={edit.form.fields} onChange={(f) => edit.setValue("fields", f)} error={error} />
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
      {creating && <NewCustomerDialog onClose={() => setCreating(false)} />}
    </section>
  );
}
