// Create a store (the first one, or another): the creator becomes its owner with every permission.
import { useNavigate } from "react-router";
import { FormActions } from "../../../components/common/dialog";
import { TextField } from "../../../components/common/field";
import { PageHeader } from "../../../components/common/page-header";
import { ApiForm, FormError, useApiForm } from "../../../components/forms";
import { useCreateStore } from "../../../hooks/api/stores";

export function StoreCreate({ first = false }: { first?: boolean }) {
  const createStore = useCreateStore();
  const navigate = useNavigate();
  const form = useApiForm({
    defaultValues: { name: "" },
    mutation: createStore,
    request: (values) => values.name,
    onSaved: () => navigate("/products"),
  });
  return (
    <section className={first ? "auth-page" : undefined}>
      <PageHeader title={first ? "Create your first store" : "New store"} />
      <ApiForm form={form}>
        <TextField label="Store name" required {...form.register("name")} />
        <FormError />
        <FormActions submit="Create store" pending={form.pending} />
      </ApiForm>
    </section>
  );
}
