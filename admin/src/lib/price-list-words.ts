// A price list's facts in words, for its row in Settings and its page: where it applies (countries), to whom
// (customer groups), when (its schedule, on the store's clock) and its status.
import type { components } from "./api-schema";
import { countryName } from "./countries";
import { formatDate } from "./format";

type PriceList = components["schemas"]["PriceList"];

export const STATUS_WORDS: Record<PriceList["status"], string> = { draft: "Draft", active: "Active" };

/** "Every country", or the countries by name ("Germany, Austria"). */
export const countriesWords = (list: PriceList) => (list.countries.length === 0 ? "Every country" : list.countries.map(countryName).join(", "));

/** "Every buyer", or the groups by name. */
export const groupsWords = (list: PriceList, nameOf: (id: string) => string) =>
  list.customer_group_ids.length === 0 ? "Every buyer" : list.customer_group_ids.map(nameOf).join(", ");

/** "Always", "From <date>", "Until <date>", "From <date> until <date>" (the end is the first moment it no longer applies). */
export function scheduleWords(list: PriceList): string {
  if (!list.starts_at && !list.ends_at) return "Always";
  if (!list.ends_at) return `From ${formatDate(list.starts_at)}`;
  if (!list.starts_at) return `Until ${formatDate(list.ends_at)}`;
  return `From ${formatDate(list.starts_at)} until ${formatDate(list.ends_at)}`;
}
