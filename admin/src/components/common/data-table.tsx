// The one table every list of the console uses (STYLE.md rule 14): a named scroll box (the table scrolls inside
// it, never the page), a visually hidden caption, header cells that never break inside a word, an empty state, the
// loading and error states, and room for the list's filters (above) and pager (below).
//
// API (for screens moving onto it):
//
//   const list = useListParams({ search: "", status: "" });       // ./list-params: filters, sort, page in the URL
//   <DataTable
//     label="Products"                     // the caption and the scroll region's accessible name
//     columns={[
//       { key: "title", header: "Title", cell: (p) => <Link to={`/products/${p.id}`}>{p.title}</Link> },
//       { key: "price", header: "Price", cell: (p) => money(p.price_cents) },
//       { key: "actions", header: "Actions", hideHeader: true, className: "actions", cell: (p) => <button …/> },
//     ]}
//     rows={query.data?.data}              // undefined while the first page loads
//     rowKey={(p) => p.id}
//     loading={query.isPending} busy={query.isPlaceholderData} error={query.error}
//     empty={list.values.search ? `No product matches “${list.values.search}”.` : "No products yet."}
//     toolbar={<SearchBox list={list} name="search" label="Search products" />}   // filters, above the table
//     pager={<Pager pagination={query.data?.pagination} onOffset={list.setOffset} />} // or <CursorPager pages={list.pages} …/>
//     rowProps={(p) => ({ "aria-current": p.id === openId ? "true" : undefined })}   // optional, per row
//   />
//
// `hideHeader` keeps a header's name for screen readers (e.g. "Actions") while hiding it visually; the scroll box
// is the positioning parent of that hidden text, so it cannot stretch the page (it did on phones, issue 26).
import type { HTMLAttributes, ReactNode } from "react";
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

export interface DataTableProps<T> {
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  loading?: boolean;
  busy?: boolean;
  error?: unknown;
  empty: ReactNode;
  toolbar?: ReactNode;
  pager?: ReactNode;
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & { "aria-current"?: "true" };
}

export function DataTable<T>(props: DataTableProps<T>) {
  const rows = props.rows ?? [];
  return (
    <div className="data-table">
      {props.toolbar && <div className="toolbar">{props.toolbar}</div>}
      <ErrorMessage error={props.error} />
      {props.loading && props.rows === undefined ? (
        <Loading label={`Loading ${props.label.toLowerCase()}…`} />
      ) : rows.length === 0 ? (
        props.error ? null : <Empty>{props.empty}</Empty>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={`${props.label} table`}>
          <table aria-busy={props.busy || undefined}>
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
      {props.pager}
    </div>
  );
}
