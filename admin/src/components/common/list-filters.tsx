// Filter controls bound to a list's URL state (./list-params.ts), for DataTable's `toolbar`: a searchbox and a
// select (combobox), each named by its label, each change starting again from the first page.
import { useId } from "react";
import type { ListParams } from "./list-params";

export function ListSearch<K extends string>(props: { list: ListParams<K>; name: K; label: string; placeholder?: string }) {
  return (
    <input
      type="search"
      aria-label={props.label}
      placeholder={props.placeholder}
      value={props.list.values[props.name]}
      onChange={(e) => props.list.set(props.name, e.target.value)}
    />
  );
}

export function ListSelect<K extends string>(props: {
  list: ListParams<K>;
  name: K;
  label: string;
  options: ReadonlyArray<readonly [value: string, label: string]>;
}) {
  const id = useId();
  return (
    <div className="field inline">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} value={props.list.values[props.name]} onChange={(e) => props.list.set(props.name, e.target.value)}>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
