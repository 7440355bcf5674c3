// Filter controls bound to a list's URL state (./list-params.ts), for DataTable's `toolbar`: a searchbox and a
// select (combobox), each named by its label, each change starting again from the first page.
import { SelectField, type OptionList } from "./field";
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

export function ListSelect<K extends string>(props: { list: ListParams<K>; name: K; label: string; options: OptionList }) {
  return (
    <SelectField
      inline
      label={props.label}
      value={props.list.values[props.name]}
      onChange={(e) => props.list.set(props.name, e.target.value)}
      options={props.options}
    />
  );
}
