// The one table every list of the console uses (docs/conventions.md rule 14): a named scroll box (the table scrolls inside
// it, never the page), a visually hidden caption, header cells that never break inside a word, an empty state, the
// loading and error states, and room for the list's filters (above) and pager (below).
//
// API (for screens moving onto it):
//
//   const list = useListParams({ search: "", status: "" });       // ./list-params: filters, sort, page in the URL
//   const customers = useCustomers({ search: list.values.search, offset: list.offset });
//   <DataTable
//     label="Customers"                    // the caption and the scroll region's accessible name
//     columns={[
//       { key: "email", header: "Email", cell: (c) => <Link to={`/customers/${c.id}`}>{c.email}</Link> },
//       { key: "since", header: "Since", cell: (c) => formatDate(c.created_at) },
//       { ...ACTIONS_COLUMN, cell: (c) => <button …/> },   // named "Actions" for screen readers only
//     ]}
//     query={customers}                    // a list query ({data, pagination}): rows, loading, busy and error
//     onOffset={list.setOffset}            // offset paging: "Previous page" / "Next page" under the table
//     rowKey={(c) => c.id}
//     error={remove.error}                 // a further error to show (a failed row action); the query's comes first
//     empty={list.values.search ? `No customer matches “${list.values.search}”.` : "No customers yet."}
//     toolbar={<ListSearch list={list} name="search" label="Search customers" />}   // filters, above the table
//     pager={<CursorPager pages={list.pages} …/>}    // instead of onOffset, for cursor paging
//     rowProps={(c) => ({ "aria-current": c.id === openId ? "true" : undefined })}   // optional, per row
//   />
//
// Rows that are not a query's (a product's variants) go in `rows`, with `loading` and `busy` if they load.
// `hideHeader` keeps a header's name for screen readers (e.g. "Actions") while hiding it visually; the scroll box
// is the positioning parent of that hidden text, so it cannot stretch the page (it did on phones, issue 26).
import type { HTMLAttributes, ReactNode } from "react";
import { Pager } from "./pager";
import { Empty, ErrorMessage, Loading } from "./query-state";

export interface Column<T> {
  key: string;
  header: string;
  /** Named for assistive technology, hidden on screen (an "Actions" column). */
  hideHeader?: boolean;
  cell: (row: T) => ReactNode;
  className?: string;
}

/** A row's buttons: `{ ...ACTIONS_COLUMN, cell: (row) => <…/> }` (named "Actions" for screen readers only). */
export const ACTIONS_COLUMN = { key: "actions", header: "Actions", hideHeader: true, className: "actions" } as const;

/** An offset-paged list's pagination (the Pager's); cursor lists may have only `{limit, next_cursor}` (the event log). */
type OffsetPagination = { limit: number; offset: number; total: number };
type ListPagination = OffsetPagination | { limit: number; next_cursor: string | null };

/** A TanStack list query of the API's shape: `{ data, pagination }`. */
export interface ListQuery<T> {
  data?: { data: T[]; pagination?: ListPagination };
  isPending: boolean;
  isPlaceholderData?: boolean;
  error: unknown;
}

export interface DataTableProps<T> {
  label: string;
  columns: Column<T>[];
  query?: ListQuery<T>;
  /** With `query`: offset paging under the table (its navigation named "<label> pagination"). */
  onOffset?: (offset: number) => void;
  rows?: T[];
  rowKey: (row: T) => string;
  loading?: boolean;
  busy?: boolean;
  error?: unknown;
  empty: ReactNode;
  toolbar?: ReactNode;
  pager?: ReactNode;
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & { "aria-current"?: "true" };
}

export function DataTable<T>({ query, ...props }: DataTableProps<T>) {
  const given = query ? query.data?.data : props.rows;
  const rows = given ?? [];
  const loading = query ? query.isPending : props.loading;
  const busy = query ? query.isPlaceholderData : props.busy;
  const error = query?.error || props.error;
  const pagination = query?.data?.pagination;
  return (
    <div className="data-table">
      {props.toolbar && <div className="toolbar">{props.toolbar}</div>}
      <ErrorMessage error={error} />
      {loading && given === undefined ? (
        <Loading label={`Loading ${props.label.toLowerCase()}…`} />
      ) : rows.length === 0 ? (
        error ? null : (
          <Empty>{props.empty}</Empty>
        )
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={`${props.label} table`}>
          <table aria-busy={busy || undefined}>
            <caption className="visually-hidden">{props.label}</caption>
            <thead>
              <tr>
                {props.columns.map((c) => (
                  <th key={c.key} scope="col">
                    {c.hideHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={props.rowKey(row)} {...props.rowProps?.(row)}>
                  {props.columns.map((c) => (
                    <td key={c.key} className={c.className}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {props.pager ??
        (props.onOffset && (
          <Pager
            pagination={pagination && "offset" in pagination ? pagination : undefined}
            onOffset={props.onOffset}
            busy={busy}
            label={`${props.label} pagination`}
          />
        ))}
    </div>
  );
}
