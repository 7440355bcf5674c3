// "Previous page" / "Next page" over an offset-paginated list ({limit, offset, total}). A page past the end (its
// last row was just removed, or an old link) gives way to the last page, in place of the current history entry.
import { useEffect } from "react";

export function Pager(props: {
  pagination?: { limit: number; offset: number; total: number };
  onOffset: (offset: number, replace?: boolean) => void;
  busy?: boolean;
  /** The navigation's name where a page has more than one list ("Members pagination"). */
  label?: string;
}) {
  const { pagination: p, onOffset } = props;
  const lastPage = p && !props.busy && p.offset > 0 && p.offset >= p.total ? Math.max(0, Math.ceil(p.total / p.limit) - 1) * p.limit : null;
  useEffect(() => {
    if (lastPage !== null) onOffset(lastPage, true);
  }, [lastPage, onOffset]);
  if (!p) return null;
  const last = Math.min(p.offset + p.limit, p.total);
  return (
    <nav className="pager" aria-label={props.label ?? "Pagination"}>
      <button type="button" disabled={p.offset === 0} onClick={() => onOffset(Math.max(0, p.offset - p.limit))}>
        Previous page
      </button>
      <span aria-live="polite">
        {p.total === 0 || p.offset >= p.total ? "0" : `${p.offset + 1}–${last}`} of {p.total}
        {props.busy ? " (loading)" : ""}
      </span>
      <button type="button" disabled={last >= p.total} onClick={() => onOffset(p.offset + p.limit)}>
        Next page
      </button>
    </nav>
  );
}
