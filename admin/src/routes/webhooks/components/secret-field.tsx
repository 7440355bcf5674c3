// A signing secret's textbox with "Generate" beside it (32 random bytes from the browser, base64url: 43
// characters), the form's value `name` (default `secret`, the API's path of its error). Used to add an endpoint, to
// change its secret, and to rotate it.
import { type Control, useController } from "react-hook-form";
import { TextField } from "../../../components/common/field";
import { useApiFormContext } from "../../../components/forms/use-api-form";

export function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export function SecretField(props: { label: string; name?: string; hint?: string; required?: boolean; minLength?: number }) {
  const { name = "secret", ...field } = props;
  const form = useApiFormContext();
  const { field: value } = useController({ control: form?.control as Control, name });
  return (
    <div className="with-button">
      <TextField {...field} name={name} value={value.value as string} onChange={(e) => value.onChange(e.target.value)} onBlur={value.onBlur} ref={value.ref} />
      <button type="button" onClick={() => value.onChange(randomSecret())}>
        Generate
      </button>
    </div>
  );
}
