// "Previous page" / "Next page" over a cursor-paginated list ({limit, offset, total, next_cursor}, or {limit,
// next_cursor} where the list gives no total, as the event log): the cursors of the pages walked so far are a stack
// (kept in the URL by useListParams), so "Previous page" returns to exactly the page that was shown.

export interface CursorPages {
  cursor: string | null;
  page: number;
  next: (cursor: string) => void;
  previous: () => void;
  reset: () => void;
}

export function CursorPager(props: {
  pagination?: { limit: number; total?: number; next_cursor: string | null };
  pages: CursorPages;
  shown: number;
  busy?: boolean;
}) {
  const p = props.pagination;
  if (!p) return null;
  const first = (props.pages.page - 1) * p.limit;
  const next = p.next_cursor;
  return (
    <nav className="pager" aria-label="Pagination">
      <button type="button" disabled={props.pages.page === 1} onClick={props.pages.previous}>
        Previous page
      </button>
      <span aria-live="polite">
        {props.shown === 0 ? "0" : `${first + 1}–${first + props.shown}`}
        {p.total === undefined ? "" : ` of ${p.total}`}
        {props.busy ? " (loading)" : ""}
      </span>
      <button type="button" disabled={!next} onClick={() => next && props.pages.next(next)}>
        Next page
      </button>
    </nav>
  );
}
