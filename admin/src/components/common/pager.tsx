// "Previous page" / "Next page" over an offset-paginated list ({limit, offset, total}).
export function Pager(props: {
  pagination?: { limit: number; offset: number; total: number };
  onOffset: (offset: number) => void;
  busy?: boolean;
}) {
  const p = props.pagination;
  if (!p) return null;
  const last = Math.min(p.offset + p.limit, p.total);
  return (
    <nav className="pager" aria-label="Pagination">
      <button type="button" disabled={p.offset === 0} onClick={() => props.onOffset(Math.max(0, p.offset - p.limit))}>
        Previous page
      </button>
      <span aria-live="polite">
        {p.total === 0 ? "0" : `${p.offset + 1}–${last}`} of {p.total}
        {props.busy ? " (loading)" : ""}
      </span>
      <button type="button" disabled={last >= p.total} onClick={() => props.onOffset(p.offset + p.limit)}>
        Next page
      </button>
    </nav>
  );
}
