// A secret the API returns once (a token, an integration key, an invite link): a readonly textbox with "Copy",
// and the note that it is not shown again. Used by the tokens, integrations and team screens.
import { useId, useState } from "react";

export function SecretValue({ label, value, note }: { label: string; value: string; note: string }) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  return (
    <div className="secret" role="region" aria-label={label}>
      <p>{note} Copy it now: it is not shown again.</p>
      <div className="with-button">
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <input id={id} readOnly value={value} onFocus={(e) => e.target.select()} />
        </div>
        <button
          type="button"
          onClick={() =>
            navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
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
