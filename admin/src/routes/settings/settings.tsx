// Settings: the store's name, currency and time zone (PATCH /stores/{store_id}, store.manage). Every price in the
// console shows in the currency and every time in the zone; orders keep their own currency. Below, the store's
// stock locations (./locations) and the store's custom fields (./custom-fields).
import type { FormEvent } from "react";
import { useEditForm } from "../../components/common/edit-form";
import { SelectField, TextField } from "../../components/common/field";
import { PageHeader } from "../../components/common/page-header";
import { QueryState } from "../../components/common/query-state";
import { SaveActions } from "../../components/common/save-status";
import { type StoreSettings, useStoreSettings, useUpdateStore } from "../../hooks/api/store-settings";
import { CustomFieldsSection } from "./custom-fields/custom-fields-section";
import { LocationsSection } from "./locations/locations-section";

const supported = (key: "currency" | "timeZone"): string[] => {
  try {
    return Intl.supportedValuesOf(key);
  } catch {
    return [];
  }
};

const currencyNames = new Intl.DisplayNames(undefined, { type: "currency" });
const CURRENCIES = supported("currency").map((code) => [code, `${code} — ${currencyNames.of(code) ?? code}`] as const);
const ZONES = ["UTC", ...supported("timeZone").filter((z) => z !== "UTC")];

const fromStore = (s: StoreSettings) => ({ name: s.name, currency: s.currency, timezone: s.timezone });

function SettingsForm({ store }: { store: StoreSettings }) {
  const update = useUpdateStore();
  const edit = useEditForm(fromStore(store));
  const withCurrent = (options: ReadonlyArray<readonly [string, string]>, value: string) =>
    options.some(([v]) => v === value) ? options : [[value, value] as const, ...options];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(edit.changes(), { onSuccess: (s) => edit.saved(fromStore(s)) });
  };
  return (
    <form onSubmit={submit} className="card">
      <TextField label="Store name" required value={edit.form.name} onChange={edit.set("name")} path="name" error={update.error} />
      <SelectField
        label="Currency"
        value={edit.form.currency}
        onChange={(v) => edit.setValue("currency", v)}
        options={withCurrent(CURRENCIES, edit.form.currency)}
        path="currency"
        error={update.error}
      />
      <SelectField
        label="Time zone"
        value={edit.form.timezone}
        onChange={(v) => edit.setValue("timezone", v)}
        options={withCurrent(ZONES.map((z) => [z, z.replace(/_/g, " ")] as const), edit.form.timezone)}
        path="timezone"
        error={update.error}
      />
      <SaveActions state={update} stale={edit.dirty} />
    </form>
  );
}

export default function Settings() {
  const store = useStoreSettings();
  return (
    <section>
      <PageHeader title="Settings" />
      <QueryState query={store}>{(s) => <SettingsForm key={s.id} store={s} />}</QueryState>
      <LocationsSection />
      <CustomFieldsSection />
    </section>
  );
}
