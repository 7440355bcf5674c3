// A record's custom field values shown read-only, by the fields' names in the store's order (an order's: orders have
// no PATCH, docs/api/21-custom-fields.md): money in the store's currency, dates and times in its zone, references by name.
import { Fragment } from "react";
import { useReferenceName } from "../../hooks/api/references";
import { type FieldDefinition, isReference, itemType } from "../../lib/field-types";
import { formatDate, formatPrice, useDisplay } from "../../lib/format";
import { useCustomFields } from "./custom-fields";

function ReferenceName({ type, id }: { type: Parameters<typeof useReferenceName>[0]; id: string }) {
  return <>{useReferenceName(type, id)}</>;
}

function ScalarValue({ definition, value }: { definition: FieldDefinition; value: unknown }) {
  const type = itemType(definition.type);
  if (isReference(type) && typeof value === "string") return <ReferenceName type={type} id={value} />;
  if (type === "money" && typeof value === "number") return <>{formatPrice(value)}</>;
  if (type === "date_time" && typeof value === "string") return <time dateTime={value}>{formatDate(value)}</time>;
  if (type === "boolean") return <>{value ? "Yes" : "No"}</>;
  if (type === "json") return <pre className="code">{JSON.stringify(value, null, 2)}</pre>;
  return <>{typeof value === "string" ? value : JSON.stringify(value)}</>;
}

/** A card "Custom fields" with the values the record holds; nothing when it holds none. */
export function FieldValuesCard({ owner, values }: { owner: "order"; values: Record<string, unknown> }) {
  useDisplay();
  const { definitions } = useCustomFields(owner);
  const shown = definitions.filter((d) => values[d.key] !== undefined);
  if (shown.length === 0) return null;
  return (
    <section className="card" aria-labelledby="field-values-heading">
      <h2 id="field-values-heading">Custom fields</h2>
      <dl className="field-values">
        {shown.map((d) => {
          const value = values[d.key];
          return (
            <Fragment key={d.id}>
              <dt>{d.name}</dt>
              <dd>
                {Array.isArray(value) && d.type !== "json" ? (
                  value.map((item, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a stored list shown read-only, never reordered on screen
                    <Fragment key={i}>
                      {i > 0 && ", "}
                      <ScalarValue definition={d} value={item} />
                    </Fragment>
                  ))
                ) : (
                  <ScalarValue definition={d} value={value} />
                )}
              </dd>
            </Fragment>
          );
        })}
      </dl>
    </section>
  );
}
