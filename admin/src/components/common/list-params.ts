// A list's state in the URL's search params (filters, search, sort, page), so Back, a reload and a shared link show
// the same list. Used with DataTable (./data-table.tsx), which documents the pairing.
//
//   const list = useListParams({ search: "", status: "" });
//   list.values.status            // "" when absent (the default is never written to the URL)
//   list.set("status", "paid")    // a filter change returns to the first page; `search` replaces the history entry
//   list.offset / list.setOffset  // offset paging (`offset`; a second list on the page names its own key:
//                                 // useListParams({}, "invites_offset"))
//   list.pages                    // cursor paging (`cursor`, repeated: the stack of pages walked), as CursorPager takes
//   list.prefixed("field.")       // params the list does not declare, by prefix (the products list's custom field
//   list.setPrefixed("field.", [["field.material", "Linen"]])   // filters): replaced together, from the first page
import { useMemo } from "react";
import { useSearchParams } from "react-router";

type Change = Record<string, string | number | null | string[]>;

/** Keys whose every keystroke changes the list: their changes replace the current history entry. */
const TYPED = new Set(["search", "q", "tag", "below", "resource_id"]);

export function useListParams<K extends string>(defaults: Record<K, string>, offsetKey = "offset") {
  const [params, setParams] = useSearchParams();
  const update = (changes: Change, replace = false) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          next.delete(key);
          if (Array.isArray(value)) {
            for (const v of value) next.append(key, v);
          } else if (value !== null && value !== "" && value !== 0 && value !== (defaults as Record<string, string>)[key]) {
            next.set(key, String(value));
          }
        }
        return next;
      },
      { replace },
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `defaults` is a new literal on every render with the same entries; the params say when values change
  const values = useMemo(() => Object.fromEntries(Object.entries(defaults).map(([k, d]) => [k, params.get(k) ?? d])) as Record<K, string>, [params]);
  const offset = Math.max(0, Number(params.get(offsetKey) ?? 0) || 0);
  const prefixed = (prefix: string) => [...params].filter(([key]) => key.startsWith(prefix));
  const cursors = params.getAll("cursor");
  return {
    values,
    set: (key: K, value: string) => update({ [key]: value, [offsetKey]: null, cursor: [] }, TYPED.has(key)),
    offset,
    setOffset: (next: number, replace = false) => update({ [offsetKey]: next }, replace),
    prefixed,
    /** Replaces every param starting with `prefix` by `entries`, back to the first page (one history entry). */
    setPrefixed: (prefix: string, entries: Array<[string, string]>) => {
      const changes: Change = Object.fromEntries(prefixed(prefix).map(([key]) => [key, null]));
      for (const [key, value] of entries) changes[key] = value;
      update({ ...changes, [offsetKey]: null, cursor: [] });
    },
    pages: {
      cursor: cursors.at(-1) ?? null,
      page: cursors.length + 1,
      next: (cursor: string) => update({ cursor: [...cursors, cursor] }),
      previous: () => update({ cursor: cursors.slice(0, -1) }),
      reset: () => update({ cursor: [] }),
    },
  };
}

export type ListParams<K extends string> = ReturnType<typeof useListParams<K>>;
