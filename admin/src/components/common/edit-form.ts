// The state of an edit form over a saved record (STYLE.md rule 14): the fields as typed, what changed since the
// last save, and the unsaved-changes guard while anything did. Pair it with <SaveStatus> beside the form's button.
//
//   const edit = useEditForm(fromProduct(product));
//   <TextField label="Title" value={edit.form.title} onChange={edit.set("title")} />
//   update.mutate(edit.changes(), { onSuccess: (p) => edit.saved(fromProduct(p)) });
//   <SaveStatus state={update} stale={edit.dirty} />
import { useState } from "react";
import { useUnsavedChanges } from "./unsaved-changes";

export function useEditForm<F extends Record<string, string>>(initial: F) {
  const [saved, setSaved] = useState(initial);
  const [form, setForm] = useState(initial);
  const keys = Object.keys(form) as Array<keyof F & string>;
  const changedKeys = keys.filter((k) => form[k] !== saved[k]);
  const dirty = changedKeys.length > 0;
  useUnsavedChanges(dirty);
  return {
    form,
    dirty,
    set: (key: keyof F) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
    setValue: (key: keyof F, value: string) => setForm((f) => ({ ...f, [key]: value })),
    /** The fields that differ from the last saved values. */
    changes: () => Object.fromEntries(changedKeys.map((k) => [k, form[k]])) as Partial<F>,
    /** After a successful save: the record as the server returned it is the new baseline. */
    saved: (record: F) => {
      setSaved(record);
      setForm(record);
    },
  };
}
