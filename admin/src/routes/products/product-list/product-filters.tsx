// The products list's status, sort and tag filters, kept in the URL's search params (Back, reload and a shared link
// give the same list). The API checks the values; the console only offers the ones it accepts.
import { useSearchParams } from "react-router";

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

/** The filters as the URL holds them, and a setter that writes one back (dropping empty values). */
export function useProductFilters() {
  const [params, setParams] = useSearchParams();
  const filters = { status: params.get("status") ?? "", sort: params.get("sort") ?? "", tag: params.get("tag") ?? "" };
  const set = (key: keyof typeof filters, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: key === "tag" },
    );
  return { filters, set };
}

export function ProductFilters({ onChange }: { onChange: () => void }) {
  const { filters, set } = useProductFilters();
  const change = (key: "status" | "sort" | "tag") => (e: { target: { value: string } }) => (set(key, e.target.value), onChange());
  return (
    <>
      <label>
        Status{" "}
        <select value={filters.status} onChange={change("status")}>
          <option value="">Any</option>
          <option value="live">Live</option>
          <option value="draft">Draft</option>
        </select>
      </label>
      <label>
        Sort{" "}
        <select value={filters.sort} onChange={change("sort")}>
          {SORTS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Tag <input type="text" value={filters.tag} onChange={change("tag")} size={12} />
      </label>
    </>
  );
}
