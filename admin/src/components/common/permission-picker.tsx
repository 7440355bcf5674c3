// One checkbox per permission, named by the permission name and grouped by resource (tokens, invites, members, an
// integration's scopes): the form's value `name` (a list of permission names), its error under the group.
import { useId } from "react";
import { type Control, useController } from "react-hook-form";
import { usePermissions } from "../../hooks/api/permissions";
import { groupPermissions } from "../../lib/format";
import { FieldError, useFieldError } from "../forms/field-error";
import { useApiFormContext } from "../forms/use-api-form";
import { Loading } from "./query-state";

export function PermissionPicker(props: {
  legend: string;
  /** The form value (a list of names) and the API path of its error (`scopes`, `permissions`). */
  name: string;
  /** Permissions not offered (e.g. the bits an integration can never hold). */
  omit?: readonly string[];
}) {
  const permissions = usePermissions();
  const form = useApiFormContext();
  const { field } = useController({ control: form?.control as Control, name: props.name });
  const id = useId();
  const message = useFieldError(props.name);
  if (!permissions.data) return <Loading label="Loading permissions…" />;
  const selected = (field.value ?? []) as string[];
  const toggle = (name: string, on: boolean) => field.onChange(on ? [...selected, name] : selected.filter((n) => n !== name));
  return (
    <fieldset className="permissions" aria-describedby={message ? `${id}-error` : undefined}>
      <legend>{props.legend}</legend>
      {groupPermissions(permissions.data.data.filter((p) => !props.omit?.includes(p.name))).map(([resource, items]) => (
        <fieldset key={resource} className="permission-group">
          <legend>{resource}</legend>
          {items.map((p) => (
            <label key={p.name} title={p.description}>
              <input type="checkbox" checked={selected.includes(p.name)} onChange={(e) => toggle(p.name, e.target.checked)} />
              {p.name}
            </label>
          ))}
        </fieldset>
      ))}
      <FieldError name={props.name} id={`${id}-error`} />
    </fieldset>
  );
}
