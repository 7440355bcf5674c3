// The products list's status, sort and tag filters, on the list's URL state (components/common/list-params.ts):
// Back, reload and a shared link give the same list. The API checks the values; the console only offers the ones
// it accepts.
import { ListSelect } from "../../../components/common/list-filters";
import type { ListParams } from "../../../components/common/list-params";

export const PRODUCT_LIST_DEFAULTS = { search: "", drafts: "true", status: "", sort: "", tag: "" };
type Key = keyof typeof PRODUCT_LIST_DEFAULTS;

const STATUSES = [
  ["", "Any"],
  ["live", "Live"],
  ["draft", "Draft"],
] as const;

const SORTS = [
  ["", "Recently updated"],
  ["updated_at", "Least recently updated"],
  ["-created_at", "Newest"],
  ["created_at", "Oldest"],
  ["title", "Title A–Z"],
  ["-title", "Title Z–A"],
  ["price", "Price, low to high"],
  ["-price", "Price, high to low"],
  ["stock", "Stock, low to high"],
  ["-stock", "Stock, high to low"],
] as const;

export function ProductFilters({ list }: { list: ListParams<Key> }) {
  return (
    <>
      <ListSelect list={list} name="status" label="Status" options={STATUSES} />
      <ListSelect list={list} name="sort" label="Sort" options={SORTS} />
      <label>
        Tag <input type="text" value={list.values.tag} onChange={(e) => list.set("tag", e.target.value)} size={12} />
      </label>
    </>
  );
}
