// "Add location" (a name and a code) and "Rename" (the same two fields, PATCHed): dialog forms, guarded like every
// form, rendered while open.
import { TextField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { useApiForm } from "../../../components/forms";
import { type Location, useCreateLocation, useUpdateLocation } from "../../../hooks/api/locations";
import type { components } from "../../../lib/api-schema";

const CODE_HINT = "Letters, digits, “-” and “_”, up to 32: how integrations and CSV files name this place.";

/** A code suggested from the name while the code was not typed ("Back room" → "back-room"). */
const suggestCode = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 32);

export function AddLocationDialog({ onClose, onSaved }: { onClose: () => void; onSaved: (name: string) => void }) {
  const form = useApiForm({
    defaultValues: { name: "", code: "" } satisfies components["schemas"]["CreateLocationRequest"],
    mutation: useCreateLocation(),
    request: ({ name, code }) => ({ name: name.trim(), code: code || suggestCode(name) }),
    onSaved: (l) => (onSaved(l.name), onClose()),
  });
  const [name, code] = form.watch(["name", "code"]);
  return (
    <FormDialog title="Add location" form={form} onClose={onClose} submit="Add location">
      <TextField label="Location name" required maxLength={100} {...form.register("name")} placeholder="Warehouse" />
      {/* Until the code is typed into, it follows the name. */}
      <TextField
        label="Location code"
        required
        maxLength={32}
        name="code"
        value={code || suggestCode(name)}
        onChange={(e) => form.setValue("code", e.target.value)}
        hint={CODE_HINT}
      />
    </FormDialog>
  );
}

export function RenameLocationDialog(props: { location: Location; onClose: () => void; onSaved: (name: string) => void }) {
  const { location } = props;
  const form = useApiForm({
    defaultValues: { name: location.name, code: location.code } satisfies components["schemas"]["UpdateLocationRequest"],
    mutation: useUpdateLocation(),
    // Only what changed; nothing changed closes the dialog.
    request: (_, changed) => (Object.keys(changed).length === 0 ? undefined : { id: location.id, ...changed }),
    onUnchanged: props.onClose,
    onSaved: (l) => (props.onSaved(l.name), props.onClose()),
  });
  return (
    <FormDialog title={`Rename “${location.name}”`} form={form} onClose={props.onClose} submit="Rename">
      <TextField label="Location name" required maxLength={100} {...form.register("name")} />
      <TextField label="Location code" required maxLength={32} {...form.register("code")} hint={CODE_HINT} />
    </FormDialog>
  );
}
