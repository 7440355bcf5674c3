// One checkbox per permission, named by the permission name and grouped by resource (tokens, invites, members).
import { usePermissions } from "../../hooks/api/permissions";
import { groupPermissions } from "../../lib/format";
import { fieldError } from "../../lib/problem";
import { Loading } from "./query-state";

export function PermissionPicker(props: {
  legend: string;
  selected: string[];
  onChange: (names: string[]) => void;
  error?: unknown;
  path?: string;
  /** Permissions not offered (e.g. the bits an integration can never hold). */
  omit?: readonly string[];
}) {
  const permissions = usePermissions();
  if (!permissions.data) return <Loading label="Loading permissions…" />;
  const toggle = (name: string, on: boolean) =>
    props.onChange(on ? [...props.selected, name] : props.selected.filter((n) => n !== name));
  const message = props.path ? fieldError(props.error, props.path) : undefined;
  return (
    <fieldset className="permissions">
      <legend>{props.legend}</legend>
      {groupPermissions(permissions.data.data.filter((p) => !props.omit?.includes(p.name))).map(([resource, items]) => (
        <fieldset key={resource} className="permission-group">
          <legend>{resource}</legend>
          {items.map((p) => (
            <label key={p.name} title={p.description}>
              <input
                type="checkbox"
                checked={props.selected.includes(p.name)}
                onChange={(e) => toggle(p.name, e.target.checked)}
              />
              {p.name}
            </label>
          ))}
        </fieldset>
      ))}
      {message && (
        <small className="field-error" role="alert">
          {message}
        </small>
      )}
    </fieldset>
  );
}
