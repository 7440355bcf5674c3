// Creates a token: name, scopes picked by permission name, optional expiry. The raw value is shown once.
import { useState, type FormEvent } from "react";
import { Dialog, FormActions } from "../../../components/common/dialog";
import { TextField } from "../../../components/common/field";
import { PermissionPicker } from "../../../components/common/permission-picker";
import { ErrorMessage } from "../../../components/common/query-state";
import { useCreateToken } from "../../../hooks/api/tokens";

/** A one-time secret in a readonly textbox with a Copy button. */
export function SecretValue({ label, value, note }: { label: string; value: string; note: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="secret" role="region" aria-label={label}>
      <p>{note} Copy it now: it is not shown again.</p>
      <div className="with-button">
        <div className="field">
          <label htmlFor="secret-value">{label}</label>
          <input id="secret-value" readOnly value={value} onFocus={(e) => e.target.select()} />
        </div>
        <button
          type="button"
          onClick={() => navigator.clipboard?.writeText(value).then(() => setCopied(true), () => setCopied(false))}
        >
          Copy
        </button>
        {copied && <span role="status">Copied</span>}
      </div>
    </div>
  );
}

/** A dialog's answer after creating something with a secret: the value once, then "Done". */
export function SecretShownOnce(props: { label: string; value: string; note: string; onDone: () => void }) {
  return (
    <>
      <SecretValue label={props.label} value={props.value} note={props.note} />
      <div className="actions">
        <button type="button" onClick={props.onDone}>
          Done
        </button>
      </div>
    </>
  );
}

export function NewTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateToken();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<string[]>([]);
  const [expires, setExpires] = useState("");
  const close = () => {
    setName("");
    setScopes([]);
    setExpires("");
    create.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      name,
      scopes: scopes as never,
      ...(expires ? { expires_at: new Date(`${expires}T23:59:59.999Z`).toISOString() } : {}),
    });
  };
  return (
    <Dialog title="New token" open={open} onClose={close}>
      {create.data ? (
        <SecretShownOnce label="New token value" value={create.data.token} note={`Token “${create.data.name}” was created.`} onDone={close} />
      ) : (
        <form onSubmit={submit}>
          <TextField label="Token name" required value={name} onChange={(e) => setName(e.target.value)} path="name" error={create.error} />
          <PermissionPicker legend="Scopes" selected={scopes} onChange={setScopes} error={create.error} path="scopes" />
          <TextField label="Expires" type="date" value={expires} onChange={(e) => setExpires(e.target.value)} path="expires_at" error={create.error} hint="Optional: the token stops working after this day (UTC)." />
          <ErrorMessage error={create.error} />
          <FormActions submit="Create token" pending={create.isPending} onCancel={close} />
        </form>
      )}
    </Dialog>
  );
}
