// Create a store (the first one, or another): the creator becomes its owner with every permission.
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { FormActions } from "../../../components/common/dialog";
import { useEditForm } from "../../../components/common/edit-form";
import { TextField } from "../../../components/common/field";
import { PageHeader } from "../../../components/common/page-header";
import { ErrorMessage } from "../../../components/common/query-state";
import { useCreateStore } from "../../../hooks/api/stores";

export function StoreCreate({ first = false }: { first?: boolean }) {
  const createStore = useCreateStore();
  const navigate = useNavigate();
  const edit = useEditForm({ name: "" });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    createStore.mutate(edit.form.name, { onSuccess: () => (edit.saved(), navigate("/products")) });
  };
  return (
    <section className={first ? "auth-page" : undefined}>
      <PageHeader title={first ? "Create your first store" : "New store"} />
      <form onSubmit={submit}>
        <TextField label="Store name" required value={edit.form.name} onChange={edit.set("name")} path="name" error={createStore.error} />
        <ErrorMessage error={createStore.error} />
        <FormActions submit="Create store" pending={createStore.isPending} />
      </form>
    </section>
  );
}
