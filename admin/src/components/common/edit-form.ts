// The state of every create and edit form (STYLE.md rule 14), on a page or in a dialog: the fields as typed, what
// changed since the last save (or since it opened, for a create form), and the unsaved-changes guard while anything
// did. Pair it with <SaveStatus> beside a page form's button, or hand it to <FormDialog form={edit}>.
//
//   const edit = useEditForm(fromProduct(product));
//   <TextField label="Title" value={edit.form.title} onChange={edit.set("title")} />
//   update.mutate(edit.changes(), { onSuccess: (p) => edit.saved(fromProduct(p)) });
//   <SaveStatus state={update} stale={edit.dirty} />
//
// A create form that opens its record afterwards: `onSuccess: (p) => (edit.saved(), navigate(...))`; `saved()`
// clears the guard at once, so that navigation is not asked about.
import { useState } from "react";
import { useUnsavedChanges } from "./unsaved-changes";

/** The keys of `F` whose values are text (a textbox's `onChange` can set them). */
type TextKeys<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/** Field values compared by content: lists of permissions, option rows and the like included. */
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

export function useEditForm<F extends Record<string, unknown>>(initial: F) {
  const [saved, setSaved] = useState(initial);
  const [form, setForm] = useState(initial);
  const changedKeys = (Object.keys(form) as Array<keyof F & string>).filter((k) => !same(form[k], saved[k]));
  const dirty = changedKeys.length > 0;
  const guard = useUnsavedChanges(dirty);
  return {
    form,
    dirty,
    set: (key: TextKeys<F>) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
    setValue: <K extends keyof F>(key: K, value: F[K]) => setForm((f) => ({ ...f, [key]: value })),
    /** The fields that differ from the last saved values. */
    changes: () => Object.fromEntries(changedKeys.map((k) => [k, form[k]])) as Partial<F>,
    /**
     * After a successful save: `record` (as the server returned it) is the new baseline and what the form shows;
     * without it, what was sent is the baseline (anything typed since stays unsaved).
     */
    saved: (record?: F) => {
      guard.saved();
      setSaved(record ?? form);
      if (record) setForm(record);
    },
    /** Closing this form (a dialog): `action` at once while it is clean, otherwise after "Discard changes". */
    leave: guard.leave,
  };
}
