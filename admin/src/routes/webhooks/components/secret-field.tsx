// A signing secret's textbox with "Generate" beside it (32 random bytes from the browser, base64url: 43
// characters). Used to add an endpoint, to change its secret, and to rotate it.
import { TextField } from "../../../components/common/field";

export function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function SecretField(props: {
  label: string;
  value: string;
  onChange: (secret: string) => void;
  error: unknown;
  hint?: string;
  required?: boolean;
  minLength?: number;
}) {
  const { onChange, ...field } = props;
  return (
    <div className="with-button">
      <TextField {...field} path="secret" onChange={(e) => onChange(e.target.value)} />
      <button type="button" onClick={() => onChange(randomSecret())}>
        Generate
      </button>
    </div>
  );
}
