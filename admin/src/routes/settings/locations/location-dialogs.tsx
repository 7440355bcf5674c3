// "Add location" (a name and a code) and "Rename" (the same two fields, PATCHed): dialog forms, guarded like every
// form, rendered while open.
import { useEditForm } from "../../../components/common/edit-form";
import { TextField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { type Location, useCreateLocation, useUpdateLocation } from "../../../hooks/api/locations";

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
  const create = useCreateLocation();
  const edit = useEditForm({ name: "", code: "" });
  const { name, code } = edit.form;
  // Until the code is typed into, it follows the name.
  const shownCode = code || suggestCode(name);
  return (
    <FormDialog
      title="Add location"
      form={edit}
      onClose={onClose}
      onSubmit={() =>
        create.mutate({ name: name.trim(), code: shownCode }, { onSuccess: (l) => (edit.saved(), onSaved(l.name), onClose()) })
      }
      submit="Add location"
      pending={create.isPending}
      error={create.error}
    >
      <TextField label="Location name" required maxLength={100} value={name} onChange={edit.set("name")} path="name" error={create.error}
        placeholder="Warehouse" />
      <TextField label="Location code" required maxLength={32} value={shownCode} onChange={edit.set("code")} path="code" error={create.error}
        hint={CODE_HINT} />
    </FormDialog>
  );
}

export function RenameLocationDialog(props: { location: Location; onClose: () => void; onSaved: (name: string) => void }) {
  const { location } = props;
  const update = useUpdateLocation();
  const edit = useEditForm({ name: location.name, code: location.code });
  return (
    <FormDialog
      title={`Rename “${location.name}”`}
      form={edit}
      onClose={props.onClose}
      onSubmit={() => {
        const changes = edit.changes();
        if (Object.keys(changes).length === 0) return props.onClose();
        update.mutate({ id: location.id, ...changes }, { onSuccess: (l) => (edit.saved(), props.onSaved(l.name), props.onClose()) });
      }}
      submit="Rename"
      pending={update.isPending}
      error={update.error}
    >
      <TextField label="Location name" required maxLength={100} value={edit.form.name} onChange={edit.set("name")} path="name" error={update.error} />
      <TextField label="Location code" required maxLength={32} value={edit.form.code} onChange={edit.set("code")} path="code" error={update.error}
        hint={CODE_HINT} />
    </FormDialog>
  );
}
