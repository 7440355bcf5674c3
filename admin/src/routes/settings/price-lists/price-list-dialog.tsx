// "Add price list" and "Edit price list" (docs/api/24-prices.md "The price list"): a dialog form on the one form way.
// Name, code (suggested from the name until typed), the combobox "Currency" (fixed at creation: shown, not offered,
// when editing), "Priority", the countries it applies in (picked one at a time from the combobox "Add country"; none
// is every country), the customer groups it is for (none is every buyer), and "Starts" / "Ends" typed on the store's
// wall clock (lib/zoned-time.ts), sent as UTC instants. The API's errors land at their fields.
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { CheckboxField, TextField } from "../../../components/common/field";
import { ComboField } from "../../../components/common/combo-field";
import { FormDialog } from "../../../components/common/form-dialog";
import { FieldError, useApiForm } from "../../../components/forms";
import { useCustomerGroups } from "../../../hooks/api/customer-groups";
import { type PriceList, useCreatePriceList, useUpdatePriceList } from "../../../hooks/api/price-lists";
import { COUNTRY_CHOICES, countryName } from "../../../lib/countries";
import { useDisplay } from "../../../lib/format";
import { CURRENCY_CHOICES } from "../../../lib/money";
import { localProblems } from "../../../lib/problem";
import { utcToWall, wallToUtc } from "../../../lib/zoned-time";

const CODE_HINT = "Letters, digits, “-” and “_”, up to 64: how integrations name this list.";

/** A code suggested from the name while the code was not typed ("Japan retail" → "japan-retail"). */
const suggestCode = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 64);

type Values = {
  name: string;
  code: string;
  currency: string;
  priority: string;
  countries: string[];
  groups: string[];
  starts: string;
  ends: string;
};

const valuesOf = (list: PriceList | undefined, currency: string, timeZone: string): Values => ({
  name: list?.name ?? "",
  code: list?.code ?? "",
  currency: list?.currency ?? currency,
  priority: String(list?.priority ?? 0),
  countries: list?.countries ?? [],
  groups: list?.customer_group_ids ?? [],
  starts: list?.starts_at ? utcToWall(list.starts_at, timeZone) : "",
  ends: list?.ends_at ? utcToWall(list.ends_at, timeZone) : "",
});

/** The API's paths at the form's fields: a country or a group named by its index is said under its list. */
const pathOf = (path: string) =>
  path
    .replace(/^countries\.\d+$/, "countries")
    .replace(/^customer_group_ids(\.\d+)?$/, "groups")
    .replace(/^starts_at$/, "starts")
    .replace(/^ends_at$/, "ends");

/**
 * The countries picked, each with "Remove"; "Add country" offers the others. A choice adds the country and shows the
 * combobox anew (empty, closed, focused) for the next one.
 */
function CountriesPicker(props: { value: string[]; onChange: (codes: string[]) => void }) {
  const [added, setAdded] = useState(0);
  const offered = COUNTRY_CHOICES.filter((c) => !props.value.includes(c.id));
  return (
    <fieldset>
      <legend>Countries</legend>
      {props.value.length === 0 ? (
        <p className="hint">Every country (none picked).</p>
      ) : (
        <ul className="chosen-list" aria-label="Countries picked">
          {props.value.map((code) => (
            <li key={code}>
              {countryName(code)} ({code})
              <button type="button" aria-label={`Remove ${countryName(code)}`} onClick={() => props.onChange(props.value.filter((c) => c !== code))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <ComboField
        key={added}
        autoFocus={added > 0}
        label="Add country"
        name="countries"
        options={offered}
        value=""
        onChange={(code) => {
          if (!code) return;
          props.onChange([...props.value, code]);
          setAdded(added + 1);
        }}
        placeholder="Country name or code"
        hint="The list applies to orders naming one of these countries."
      />
    </fieldset>
  );
}

export function PriceListDialog(props: { list?: PriceList; onClose: () => void; onSaved?: (name: string) => void }) {
  const { list } = props;
  const display = useDisplay();
  const navigate = useNavigate();
  const groups = useCustomerGroups();
  const create = useCreatePriceList();
  const update = useUpdatePriceList(list?.id ?? "");
  const form = useApiForm({
    defaultValues: valuesOf(list, display.currency, display.timeZone),
    mutation: list ? update : create,
    paths: pathOf,
    request: (v, changed) => {
      const problems: Array<{ path: string; message: string }> = [];
      const priority = v.priority.trim() === "" ? 0 : Number(v.priority);
      if (!Number.isInteger(priority) || priority < 0 || priority > 1000) problems.push({ path: "priority", message: "Enter a whole number from 0 to 1,000" });
      const instant = (wall: string, path: string) => {
        if (!wall) return null;
        const utc = wallToUtc(wall, display.timeZone);
        if (!utc) problems.push({ path, message: "Enter a date and time" });
        return utc;
      };
      const startsAt = instant(v.starts, "starts");
      const endsAt = instant(v.ends, "ends");
      if (!list && !v.currency) problems.push({ path: "currency", message: "Choose a currency" });
      if (problems.length > 0) return localProblems(problems);
      const body = {
        name: v.name.trim(),
        code: v.code || suggestCode(v.name),
        priority,
        countries: v.countries,
        customer_group_ids: v.groups,
        starts_at: startsAt,
        ends_at: endsAt,
      };
      if (!list) return { ...body, currency: v.currency };
      // Editing: only what changed; nothing changed closes the dialog.
      const keys: Record<keyof Values, keyof typeof body | null> = {
        name: "name",
        code: "code",
        currency: null,
        priority: "priority",
        countries: "countries",
        groups: "customer_group_ids",
        starts: "starts_at",
        ends: "ends_at",
      };
      const sent = Object.fromEntries(
        Object.keys(changed).flatMap((k) => (keys[k as keyof Values] ? [[keys[k as keyof Values], body[keys[k as keyof Values]!]]] : [])),
      );
      return Object.keys(sent).length === 0 ? undefined : sent;
    },
    onUnchanged: props.onClose,
    onSaved: (saved) => {
      props.onSaved?.(saved.name);
      if (list) props.onClose();
      else navigate(`/settings/price-lists/${saved.id}`);
    },
  });
  const [name, code, currency, countries, chosenGroups] = form.watch(["name", "code", "currency", "countries", "groups"]);
  const setGroups = (ids: string[]) => form.setValue("groups", ids, { shouldDirty: true });
  const groupsErrorId = `${useId()}-groups-error`;
  const hintZone = `On the store's clock (${display.timeZone.replace(/_/g, " ")}).`;
  return (
    <FormDialog
      title={list ? `Edit price list “${list.name}”` : "Add price list"}
      form={form}
      onClose={props.onClose}
      submit={list ? "Save price list" : "Create price list"}
    >
      <div className="form-grid">
        <TextField label="Price list name" required maxLength={200} {...form.register("name")} placeholder="Japan retail" />
        {/* Until the code is typed into, it follows the name. */}
        <TextField
          label="Code"
          required
          maxLength={64}
          name="code"
          value={code || (list ? "" : suggestCode(name))}
          onChange={(e) => form.setValue("code", e.target.value, { shouldDirty: true })}
          hint={CODE_HINT}
        />
        {list ? (
          <TextField label="Currency" readOnly value={list.currency} hint="Fixed when the list was created." />
        ) : (
          <ComboField
            label="Currency"
            name="currency"
            required
            options={CURRENCY_CHOICES}
            value={currency}
            onChange={(c) => form.setValue("currency", c, { shouldDirty: true })}
            placeholder="Code or name"
            hint="Its prices are typed in this currency's own units."
          />
        )}
        {/* No min / max / step: the browser's own refusal would stand in for the words said at the field. */}
        <TextField
          label="Priority"
          type="number"
          inputMode="numeric"
          {...form.register("priority")}
          hint="0 to 1,000: where several lists have a price, the highest priority wins."
        />
      </div>
      <CountriesPicker value={countries} onChange={(codes) => form.setValue("countries", codes, { shouldDirty: true })} />
      <fieldset aria-describedby={groupsErrorId}>
        <legend>Customer groups</legend>
        {(groups.data ?? []).length === 0 ? (
          <p className="hint">No customer groups yet (Customers → Customer groups): the list is for every buyer.</p>
        ) : (
          <>
            <p className="hint">None checked: every buyer.</p>
            {(groups.data ?? []).map((g) => (
              <CheckboxField
                key={g.id}
                label={g.name}
                checked={chosenGroups.includes(g.id)}
                onChange={(e) => setGroups(e.target.checked ? [...chosenGroups, g.id] : chosenGroups.filter((id) => id !== g.id))}
              />
            ))}
          </>
        )}
        <FieldError name="groups" id={groupsErrorId} />
      </fieldset>
      <div className="form-grid">
        <TextField label="Starts" type="datetime-local" {...form.register("starts")} hint={`${hintZone} Empty: already started.`} />
        <TextField label="Ends" type="datetime-local" {...form.register("ends")} hint={`${hintZone} Empty: no end. The list stops applying at this moment.`} />
      </div>
    </FormDialog>
  );
}
