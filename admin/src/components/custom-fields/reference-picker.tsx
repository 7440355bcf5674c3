// A picker for a reference field (a product, variant, collection or customer of the store): a searchbox that asks the
// resource's own list (hooks/api/references.ts) and a combobox, named by the field, offering "None", the value held
// and the matches. Choosing sets the field to the resource's id; the form sends ids, the screen shows names.
import { useDeferredValue, useState } from "react";
import { Field, type FieldProps } from "../common/field";
import { useReferenceName, useReferenceSearch } from "../../hooks/api/references";
import type { ReferenceType } from "../../lib/field-types";

const WHAT: Record<ReferenceType, string> = {
  product_reference: "products",
  variant_reference: "products and variants",
  collection_reference: "collections",
  customer_reference: "customers",
};

export function ReferencePicker(props: FieldProps & { type: ReferenceType; value: string; onChange: (id: string) => void; emptyLabel?: string }) {
  const { type, value, onChange, emptyLabel = "None", ...field } = props;
  const [text, setText] = useState("");
  const deferred = useDeferredValue(text);
  const matches = useReferenceSearch(type, deferred);
  const currentName = useReferenceName(type, value);
  const options = matches.data ?? [];
  const held = value && !options.some((o) => o.id === value) ? [{ id: value, label: currentName }] : [];
  return (
    <Field
      {...field}
      className="field reference-picker"
      control={(c) => (
        <div className="picker-row">
          <input
            type="search"
            aria-label={`Search ${WHAT[type]} for ${field.label}`}
            placeholder={type === "customer_reference" ? "Email, name or phone" : type === "collection_reference" ? "Title" : "Title or SKU"}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <select {...c} value={value} onChange={(e) => onChange(e.target.value)} aria-busy={matches.isFetching || undefined}>
            <option value="">{emptyLabel}</option>
            {[...held, ...options].map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      )}
    />
  );
}
