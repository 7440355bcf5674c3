// Settings → Custom fields (docs/api/21-custom-fields.md): the store's own fields, per owner (tabs "Products", "Variants",
// "Collections", "Customers", "Orders"; the tab in the URL as `fields_owner`), a page at a time (`fields_offset`).
// "Add field"; per row "Edit" and "Delete" (confirmed: the field's values are removed from every resource).
import { useState } from "react";
import { ConfirmButton } from "../../../components/common/confirm-button";
import { ACTIONS_COLUMN, DataTable } from "../../../components/common/data-table";
import { useListParams } from "../../../components/common/list-params";
import { useDeleteFieldDefinition, useFieldDefinitions } from "../../../hooks/api/field-definitions";
import { type FieldDefinition, type FieldOwner, OWNERS, typeLabel, validationsOf } from "../../../lib/field-types";
import { formatDate, formatPrice, useDisplay } from "../../../lib/format";
import { AddFieldDialog, EditFieldDialog } from "./definition-dialog";

/** A definition's validations in a few words ("1–1,000", "one of Linen, Wool", "matches ^A"). */
function describeValidations(d: FieldDefinition): string {
  const { min, max, regex, choices } = d.validations;
  const kind = validationsOf(d.type).minMax;
  const show = (v: number | string) =>
    kind === "money" && typeof v === "number" ? formatPrice(v) : kind === "date_time" && typeof v === "string" ? formatDate(v) : String(v);
  const unit = kind === "length" ? " characters" : kind === "count" ? " items" : "";
  const parts: string[] = [];
  if (min !== undefined && max !== undefined) parts.push(`${show(min)}–${show(max)}${unit}`);
  else if (min !== undefined) parts.push(`at least ${show(min)}${unit}`);
  else if (max !== undefined) parts.push(`at most ${show(max)}${unit}`);
  if (choices) parts.push(`one of ${choices.join(", ")}`);
  if (regex) parts.push(`matches ${regex}`);
  return parts.join("; ") || "—";
}

export function CustomFieldsSection() {
  useDisplay();
  const list = useListParams({ fields_owner: "product" }, "fields_offset");
  const owner = (OWNERS.some(([o]) => o === list.values.fields_owner) ? list.values.fields_owner : "product") as FieldOwner;
  const [, , noun] = OWNERS.find(([o]) => o === owner)!;
  const definitions = useFieldDefinitions(owner, list.offset);
  const remove = useDeleteFieldDefinition();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<FieldDefinition | null>(null);
  const [said, setSaid] = useState("");
  const select = (next: FieldOwner) => {
    setSaid("");
    list.set("fields_owner", next);
  };
  const columns = [
    {
      key: "name",
      header: "Name",
      cell: (d: FieldDefinition) => (
        <>
          {d.name}
          {d.description && <div className="hint">{d.description}</div>}
        </>
      ),
    },
    { key: "key", header: "Key", cell: (d: FieldDefinition) => <code>{d.key}</code> },
    { key: "type", header: "Type", cell: (d: FieldDefinition) => typeLabel(d.type) },
    { key: "validations", header: "Validations", cell: describeValidations },
    ...(owner === "product" || owner === "variant"
      ? [{ key: "filterable", header: "Filterable", cell: (d: FieldDefinition) => (d.filterable ? "Yes" : "No") }]
      : []),
    {
      ...ACTIONS_COLUMN,
      cell: (d: FieldDefinition) => (
        <>
          <button type="button" aria-label={`Edit field ${d.name}`} onClick={() => setEditing(d)}>
            Edit
          </button>
          <ConfirmButton
            label={`Delete field ${d.name}`}
            action="Delete field"
            title={`Delete the field “${d.name}”?`}
            message={`Its values are removed from every ${noun} that has one, without webhook events. A later field with the key “${d.key}” starts empty. This cannot be undone.`}
            pending={remove.isPending}
            onConfirm={() => {
              setSaid("");
              remove.mutate(d, { onSuccess: () => setSaid(`Deleted field ${d.name}`) });
            }}
          >
            Delete
          </ConfirmButton>
        </>
      ),
    },
  ];
  return (
    <section className="card" aria-labelledby="custom-fields-heading">
      <div className="section-header">
        <h2 id="custom-fields-heading">Custom fields</h2>
        <div className="actions">
          <button type="button" onClick={() => setAdding(true)}>
            Add field
          </button>
        </div>
      </div>
      <p className="hint">
        Fields of your own (a material, a supplier code, a launch date), typed and checked by the API, shown in each form after the built-in fields.
      </p>
      <div role="tablist" aria-label="Custom fields of">
        {OWNERS.map(([o, label]) => (
          <button
            key={o}
            type="button"
            role="tab"
            id={`fields-tab-${o}`}
            aria-selected={o === owner}
            aria-controls="fields-panel"
            tabIndex={o === owner ? 0 : -1}
            onClick={() => select(o)}
            onKeyDown={(e) => {
              const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
              if (!step) return;
              const i = OWNERS.findIndex(([x]) => x === owner);
              const next = OWNERS[(i + step + OWNERS.length) % OWNERS.length][0];
              select(next);
              document.getElementById(`fields-tab-${next}`)?.focus();
            }}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="fields-panel" aria-labelledby={`fields-tab-${owner}`}>
        <DataTable
          label={`${noun[0].toUpperCase()}${noun.slice(1)} fields`}
          columns={columns}
          query={definitions}
          onOffset={list.setOffset}
          rowKey={(d) => d.id}
          error={remove.error}
          empty={`No ${noun} fields yet.`}
        />
      </div>
      {said && (
        <p role="status" className="save-status">
          {said}
        </p>
      )}
      {adding && <AddFieldDialog owner={owner} onClose={() => setAdding(false)} onSaved={(name) => setSaid(`Added field ${name}`)} />}
      {editing && <EditFieldDialog key={editing.id} definition={editing} onClose={() => setEditing(null)} onSaved={(name) => setSaid(`Saved field ${name}`)} />}
    </section>
  );
}
