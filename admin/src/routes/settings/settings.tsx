// Settings: the store's name, currency and time zone (PATCH /stores/{store_id}, store.manage). Every price in the
// console shows in the currency and every time in the zone; orders keep their own currency. Below, the store's
// stock locations (./locations), its price lists (./price-lists) and the store's custom fields (./custom-fields).
import { SelectField, TextField } from "../../components/common/field";
import { ApiForm, useApiForm } from "../../components/forms";
import { PageHeader } from "../../components/common/page-header";
import { QueryState } from "../../components/common/query-state";
import { SaveActions } from "../../components/common/save-status";
import { type StoreSettings, useStoreSettings, useUpdateStore } from "../../hooks/api/store-settings";
import { CustomFieldsSection } from "./custom-fields/custom-fields-section";
import { LocationsSection } from "./locations/locations-section";
import { PriceListsSection } from "./price-lists/price-lists-section";

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
  const form = useApiForm({
    defaultValues: fromStore(store),
    mutation: useUpdateStore(),
    request: (_, changed) => changed,
    onSaved: (s) => form.saved(fromStore(s)),
  });
  const [currency, timezone] = form.watch(["currency", "timezone"]);
  const withCurrent = (options: ReadonlyArray<readonly [string, string]>, value: string) =>
    options.some(([v]) => v === value) ? options : [[value, value] as const, ...options];
  return (
    <ApiForm form={form} className="card">
      <TextField label="Store name" required {...form.register("name")} />
      <SelectField label="Currency" options={withCurrent(CURRENCIES, currency)} {...form.register("currency")} />
      <SelectField
        label="Time zone"
        options={withCurrent(
          ZONES.map((z) => [z, z.replace(/_/g, " ")] as const),
          timezone,
        )}
        {...form.register("timezone")}
      />
      <SaveActions state={form.status} stale={form.dirty} />
    </ApiForm>
  );
}

export default function Settings() {
  const store = useStoreSettings();
  return (
    <section>
      <PageHeader title="Settings" />
      <QueryState query={store}>{(s) => <SettingsForm key={s.id} store={s} />}</QueryState>
      <LocationsSection />
      <PriceListsSection />
      <CustomFieldsSection />
    </section>
  );
}
