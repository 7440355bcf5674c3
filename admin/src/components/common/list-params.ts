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
import { useMemo, useState } from "react";
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
  const inUrl = useMemo(() => Object.fromEntries(Object.entries(defaults).map(([k, d]) => [k, params.get(k) ?? d])) as Record<K, string>, [params]);
  const values = useShownValues(inUrl, defaults);
  const offset = Math.max(0, Number(params.get(offsetKey) ?? 0) || 0);
  const prefixed = (prefix: string) => [...params].filter(([key]) => key.startsWith(prefix));
  const cursors = params.getAll("cursor");
  return {
    values: values.shown,
    set: (key: K, value: string) => {
      values.show(key, value);
      update({ [key]: value, [offsetKey]: null, cursor: [] }, TYPED.has(key));
    },
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

interface Shown<K extends string> {
  /** What the list's controls show and its queries use. */
  values: Record<K, string>;
  /** Per key, the values `set` asked the URL for that it has not shown yet, oldest first. */
  asked: Partial<Record<K, string[]>>;
  /** The URL's values when last looked at. */
  seen: Record<K, string>;
}

/**
 * The values a list shows: what was just chosen, at once, rather than the URL's. The router commits a navigation in a
 * React transition; a control whose value is the URL's would show the old value until it renders (a ticked box
 * unticks, and the next keystroke reads the old text: the typed character is lost). So `show` records the choice in
 * state, rendered with the event, and the URL's value takes over for a key only when the URL moves to a value not asked
 * for (Back, a link). The URL's arriving at an asked value, or at an older one on the way, changes nothing shown.
 */
function useShownValues<K extends string>(inUrl: Record<K, string>, defaults: Record<K, string>) {
  const [state, setState] = useState<Shown<K>>({ values: inUrl, asked: {}, seen: inUrl });
  let current = state;
  if (current.seen !== inUrl) {
    const values = { ...current.values };
    const asked = { ...current.asked };
    for (const key of Object.keys(inUrl) as K[]) {
      if (inUrl[key] === current.seen[key]) continue;
      const pending = asked[key] ?? [];
      const at = pending.indexOf(inUrl[key]);
      if (at === -1) {
        values[key] = inUrl[key];
        delete asked[key];
      } else {
        asked[key] = pending.slice(at + 1);
      }
    }
    current = { values, asked, seen: inUrl };
    setState(current);
  }
  return {
    shown: current.values,
    show: (key: K, value: string) =>
      setState((s) => ({
        ...s,
        values: { ...s.values, [key]: value },
        // As the URL will read it back: an emptied value is the key's default.
        asked: { ...s.asked, [key]: [...(s.asked[key] ?? []), value === "" ? defaults[key] : value] },
      })),
  };
}
