// "Add customer group" (a name and a code) and "Rename" (the same two fields, PATCHed): dialog forms on the one form
// way, rendered while open. The API's errors (a code taken, case aside: 409) land at their fields or in the form.
import { TextField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { useApiForm } from "../../../components/forms";
import { type CustomerGroup, useCreateCustomerGroup, useUpdateCustomerGroup } from "../../../hooks/api/customer-groups";
import type { components } from "../../../lib/api-schema";

const CODE_HINT = "Letters, digits, “-” and “_”, up to 64: how integrations name this group.";

/** A code suggested from the name while the code was not typed ("Wholesale EU" → "wholesale-eu"). */
const suggestCode = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 64);

export function AddGroupDialog({ onClose, onSaved }: { onClose: () => void; onSaved: (name: string) => void }) {
  const form = useApiForm({
    defaultValues: { name: "", code: "" } satisfies components["schemas"]["CreateCustomerGroupRequest"],
    mutation: useCreateCustomerGroup(),
    request: ({ name, code }) => ({ name: name.trim(), code: code || suggestCode(name) }),
    onSaved: (g) => (onSaved(g.name), onClose()),
  });
  const [name, code] = form.watch(["name", "code"]);
  return (
    <FormDialog title="Add customer group" form={form} onClose={onClose} submit="Add group">
      <TextField label="Group name" required maxLength={200} {...form.register("name")} placeholder="Wholesale" />
      {/* Until the code is typed into, it follows the name. */}
      <TextField
        label="Code"
        required
        maxLength={64}
        name="code"
        value={code || suggestCode(name)}
        onChange={(e) => form.setValue("code", e.target.value, { shouldDirty: true })}
        hint={CODE_HINT}
      />
    </FormDialog>
  );
}

export function RenameGroupDialog(props: { group: CustomerGroup; onClose: () => void; onSaved: (name: string) => void }) {
  const { group } = props;
  const form = useApiForm({
    defaultValues: { name: group.name, code: group.code } satisfies components["schemas"]["UpdateCustomerGroupRequest"],
    mutation: useUpdateCustomerGroup(group.id),
    // Only what changed; nothing changed closes the dialog.
    request: (_, changed) => (Object.keys(changed).length === 0 ? undefined : changed),
    onUnchanged: props.onClose,
    onSaved: (g) => (props.onSaved(g.name), props.onClose()),
  });
  return (
    <FormDialog title={`Rename “${group.name}”`} form={form} onClose={props.onClose} submit="Rename">
      <TextField label="Group name" required maxLength={200} {...form.register("name")} />
      <TextField label="Code" required maxLength={64} {...form.register("code")} hint={CODE_HINT} />
    </FormDialog>
  );
}
