// The one way every form of the console works (docs/admin.md "Week three", docs/conventions.md rule 14): react-hook-form holds the
// values, the request body is the API's own generated type (the mutation's variables: `components["schemas"][...]`),
// and a refusal, the API's or the console's own, lands beside the field it names.
//
//   const form = useApiForm({
//     defaultValues: { name: "", code: "" },            // the form's values (here the body itself)
//     mutation: useCreateLocation(),                     // its variables type is the generated request body
//     request: (values) => ({ ...values, name: values.name.trim() }),   // optional: values → body (typed by it)
//     onSaved: (location) => onClose(),
//   });
//   <FormDialog title="Add location" form={form} submit="Add location" onClose={onClose}>
//     <TextField label="Location name" {...form.register("name")} />   // errors[].path "name" shows under it
//   </FormDialog>
//
// On submit: the field rules run (react-hook-form's `register(name, { validate })`); then `request` makes the body,
// or returns an ApiProblem for what the console can tell before sending (`localProblem`, custom fields' values),
// or `undefined` when there is nothing to send (an edit that changed nothing: `onUnchanged`). The body goes to the
// mutation. An ApiProblem, the API's or the console's, is mapped with `setError`: each `errors[].path` onto the field
// of that name (every <Field name>, <FieldError name> and custom field registers its name while shown; `paths` maps
// an API path onto a differently named field, `price_cents` → `price`), and whatever names no field shown, or a
// problem without `errors[]` (a 403, a 409), is the form-level message <FormError /> shows (`root.server`).
//
// The form's edits are guarded (useUnsavedChanges) while its values differ from the last saved ones (or from its
// defaults, for a create form); after a successful save what was sent is the baseline, or `saved(record)` (the
// record as the server returned it, shown from then on). `guard: false` for forms that save nothing (filters).
import { createContext, useContext, useRef, useState, type FormEvent } from "react";
import { type DefaultValues, type FieldErrors, type FieldValues, type Path, type UseFormReturn, useForm, useWatch } from "react-hook-form";
import { ApiProblem, describeProblem, type FieldError as ProblemFieldError, localProblems } from "../../lib/problem";
import { type UnsavedChanges, useUnsavedChanges } from "../common/unsaved-changes";

/** What a form needs of a TanStack mutation (`useMutation`'s result). */
export interface MutationLike<B, R> {
  mutate(body: B, callbacks: { onSuccess: (result: R) => void; onError: (error: unknown) => void }): void;
  reset?: () => void;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
}

/** What `SaveStatus` reads: the last save's state, a refusal the console made before sending included. */
export interface SubmitState {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
}

interface Base<V extends FieldValues, B> {
  defaultValues: V;
  /**
   * The request body from the values, typed by the mutation's variables (the API's generated request type); an
   * ApiProblem for what the console can tell before sending; `undefined` when there is nothing to send.
   * `changed`: the values that differ from the last saved ones (a PATCH sends only those).
   */
  request?: (values: V, changed: Partial<V>) => B | ApiProblem | undefined;
  /** When `request` says there is nothing to send (an edit dialog saved unchanged: it closes). */
  onUnchanged?: () => void;
  /** API paths shown at a field of another name: `{ price_cents: "price" }`, or a function (null: form-level). */
  paths?: Record<string, Path<V>> | ((path: string) => string | null | undefined);
  /** Rewrites the problem's field errors before they are placed (several API paths said under one field). */
  errors?: (errors: ProblemFieldError[], values: V) => ProblemFieldError[];
  /** Guard the form's unsaved edits (default true). */
  guard?: boolean;
}

type WithMutation<V extends FieldValues, B, R> = Base<V, B> & {
  mutation: MutationLike<B, R>;
  /** After a successful save (the baseline is already what was sent; call `form.saved(record)` to show the record). */
  onSaved?: (result: R, values: V) => void;
};

type WithSubmit<V extends FieldValues, B> = Base<V, B> & {
  /** A form that calls no API itself (filters): the body goes here. */
  submit: (body: B, values: V) => void;
};

export interface ApiForm<V extends FieldValues = FieldValues> extends UseFormReturn<V> {
  /** The <form>'s onSubmit. */
  onSubmit: (event?: FormEvent) => void;
  /** The form holds edits not saved yet. */
  dirty: boolean;
  pending: boolean;
  /** The last submit's state, for <SaveStatus>. */
  status: SubmitState;
  /** The last refusal (the API's or the console's), or null. */
  problem: unknown;
  /** After a successful save: `record` is the new baseline and what the form shows; without it, what was sent. */
  saved: (record?: V) => void;
  /** Closing this form (a dialog's Escape or Cancel): at once while clean, otherwise after "Discard changes". */
  leave: UnsavedChanges["leave"];
  /** The names of the fields shown (each <Field name> registers while mounted). */
  fieldNames: Map<string, number>;
}

/** Field values compared by content, whatever the order of keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** react-hook-form's errors (its rules' and setError's) as flat `{path, message}` entries. */
export function flattenErrors(errors: FieldErrors, prefix = ""): ProblemFieldError[] {
  const out: ProblemFieldError[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== "object" || key === "ref") continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const { message, type: _type, ref: _ref, types: _types, ...nested } = value as Record<string, unknown>;
    if (typeof message === "string" && message) out.push({ path, message });
    out.push(...flattenErrors(nested as FieldErrors, path));
  }
  return out;
}

export function useApiForm<V extends FieldValues, B = V, R = unknown>(options: WithMutation<V, B, R> | WithSubmit<V, B>): ApiForm<V> {
  const methods = useForm<V>({ defaultValues: options.defaultValues as DefaultValues<V> });
  const [baseline, setBaseline] = useState<V>(options.defaultValues);
  const [localProblem, setLocalProblem] = useState<ApiProblem | null>(null);
  const fieldNames = useRef(new Map<string, number>()).current;
  const values = useWatch({ control: methods.control }) as V;
  const dirty = options.guard === false ? false : !sameValue(values, baseline);
  const guard = useUnsavedChanges(dirty);
  const mutation = "mutation" in options ? options.mutation : undefined;

  const changed = (current: V) =>
    Object.fromEntries(Object.entries(current).filter(([k, v]) => !sameValue(v, (baseline as Record<string, unknown>)[k]))) as Partial<V>;

  const saved = (record?: V) => {
    guard.saved();
    setBaseline(record ?? methods.getValues());
    if (record) methods.reset(record);
  };

  /** Places a problem's field errors at their fields; the rest is the form-level message. */
  const place = (problem: unknown, current: V) => {
    if (!(problem instanceof ApiProblem)) {
      methods.setError("root.server", { type: "server", message: describeProblem(problem) });
      return;
    }
    const errors = options.errors ? options.errors(problem.errors, current) : problem.errors;
    const byField = new Map<string, string[]>();
    let unplaced = errors.length === 0;
    for (const e of errors) {
      const mapped = typeof options.paths === "function" ? options.paths(e.path) : options.paths?.[e.path];
      const name = mapped ?? e.path;
      if (mapped !== null && fieldNames.has(name)) byField.set(name, [...(byField.get(name) ?? []), e.message]);
      else unplaced = true;
    }
    // Parents first, so a list's own error and its items' errors are both kept.
    for (const [name, messages] of [...byField].sort(([a], [b]) => a.length - b.length)) {
      methods.setError(name as Path<V>, { type: "server", message: messages.join("; ") });
    }
    if (unplaced) methods.setError("root.server", { type: "server", message: describeProblem(problem) });
  };

  const onValid = (current: V) => {
    const body = options.request ? options.request(current, changed(current)) : (current as unknown as B);
    if (body === undefined) return options.onUnchanged?.();
    if (body instanceof ApiProblem) {
      setLocalProblem(body);
      return place(body, current);
    }
    setLocalProblem(null);
    if (!mutation) return (options as WithSubmit<V, B>).submit(body, current);
    const sent = current;
    mutation.mutate(body, {
      onSuccess: (result) => {
        guard.saved();
        setBaseline(sent);
        (options as WithMutation<V, B, R>).onSaved?.(result, sent);
      },
      onError: (error) => place(error, sent),
    });
  };

  const onInvalid = (errors: FieldErrors<V>) => {
    // The rules' refusals read like the API's 422 (SaveStatus says "Not saved: ..."), each at its field already.
    const entries = flattenErrors(errors);
    if (entries.length > 0) setLocalProblem(localProblems(entries));
  };

  const onSubmit = (event?: FormEvent) => {
    event?.preventDefault();
    // A dialog opened from inside another dialog's form is portalled out of it, but React still bubbles its submit
    // through the component tree: it is this form's alone.
    event?.stopPropagation();
    methods.clearErrors();
    void methods.handleSubmit(onValid, onInvalid)();
  };

  const status: SubmitState = localProblem
    ? { isPending: false, isSuccess: false, isError: true, error: localProblem }
    : {
        isPending: mutation?.isPending ?? false,
        isSuccess: mutation?.isSuccess ?? false,
        isError: mutation?.isError ?? false,
        error: mutation?.error ?? null,
      };

  return {
    ...methods,
    onSubmit,
    dirty,
    pending: mutation?.isPending ?? false,
    status,
    problem: status.error,
    saved,
    leave: guard.leave,
    fieldNames,
  };
}

/** The form a field is in (null outside one: a list's filters). */
export const ApiFormContext = createContext<ApiForm | null>(null);

export const useApiFormContext = () => useContext(ApiFormContext);
