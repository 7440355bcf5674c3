// "More filters" on the products list: the store's filterable custom fields (docs/api/21-custom-fields.md), product fields first,
// then variant fields (products with a matching variant; a key that products also define filters by the product's
// field, so it is offered once). Each field has an equality input for its type ("Any" means no filter), and integer,
// decimal, money and date fields also a range ("at least" / "at most", "from" / "to"). Applied filters live in the
// URL under the API's own names (`field.<key>`, `field.<key>.min`, `field.<key>.max`, values as the API takes them:
// money in minor units, date-times in UTC), so Back, a reload and a shared link give the same list; a summary beside
// the button says what filters the list, with "Clear more filters". Filters save nothing, so the dialog is not guarded.
// The dialog is its own chunk (./more-filters-dialog.tsx): the products list is the console's first screen.
import { lazy, Suspense, useState } from "react";
import type { ListParams } from "../../../components/common/list-params";
import { useAllFieldDefinitions } from "../../../hooks/api/field-definitions";
import { useReferenceName } from "../../../hooks/api/references";
import { type FieldDefinition, type ReferenceType, isReference } from "../../../lib/field-types";
import { formatDate, formatPrice, useDisplay } from "../../../lib/format";
import { type Bound, boundWords, parseParam, PREFIX } from "./filter-params";

const MoreFiltersDialog = lazy(() => import("./more-filters-dialog"));

/** The filterable fields the products list offers: product fields, then variant fields of other keys. */
function useFilterableFields(): FieldDefinition[] {
  const product = useAllFieldDefinitions("product").data ?? [];
  const variant = useAllFieldDefinitions("variant").data ?? [];
  const productKeys = new Set(product.map((d) => d.key));
  return [...product.filter((d) => d.filterable), ...variant.filter((d) => d.filterable && !productKeys.has(d.key))];
}

function ReferenceName({ type, id }: { type: ReferenceType; id: string }) {
  return <>{useReferenceName(type, id)}</>;
}

/** One applied filter in words: "Material: Linen", "Weight at least: 10", "Price floor at most: €20.00". */
function FilterWords({ fieldKey, definition, bound, value }: { fieldKey: string; definition?: FieldDefinition; bound: Bound; value: string }) {
  const type = definition?.type ?? "text";
  const shown =
    type === "money" ? formatPrice(Number(value)) : type === "date_time" ? formatDate(value) : type === "boolean" ? (value === "true" ? "Yes" : "No") : value;
  return (
    <>
      {definition?.name ?? fieldKey}
      {boundWords(type, bound)}: {isReference(type) ? <ReferenceName type={type} id={value} /> : shown}
    </>
  );
}

export function MoreFilters<K extends string>({ list }: { list: ListParams<K> }) {
  useDisplay();
  const fields = useFilterableFields();
  const [open, setOpen] = useState(false);
  const active = list.prefixed(PREFIX);
  if (fields.length === 0 && active.length === 0) return null;
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        More filters{active.length > 0 ? ` (${active.length})` : ""}
      </button>
      {active.length > 0 && (
        <span className="active-filters">
          <span>
            {active.map(([param, value], i) => {
              const { key, bound } = parseParam(param);
              return (
                <span key={param}>
                  {i > 0 && " · "}
                  <FilterWords fieldKey={key} definition={fields.find((d) => d.key === key)} bound={bound} value={value} />
                </span>
              );
            })}
          </span>
          <button type="button" onClick={() => list.setPrefixed(PREFIX, [])}>
            Clear more filters
          </button>
        </span>
      )}
      {open && (
        <Suspense fallback={null}>
          <MoreFiltersDialog
            fields={fields}
            active={active}
            onApply={(entries) => (list.setPrefixed(PREFIX, entries), setOpen(false))}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
