// The one page header (docs/conventions.md rule 14): the page's h1, what sits beside it (a status badge), its actions at the
// far end, and optionally a link back to the list the page belongs to.
import type { ReactNode } from "react";
import { Link } from "react-router";

export function PageHeader(props: {
  title: ReactNode;
  /** Beside the title: a status badge, a count. */
  children?: ReactNode;
  /** The page's buttons and links, at the far end (they wrap below on a narrow screen). */
  actions?: ReactNode;
  /** A link above the heading back to the list: `{ to: "/orders", label: "Orders" }`. */
  back?: { to: string; label: string };
}) {
  return (
    <>
      {props.back && (
        <p>
          <Link to={props.back.to}>← {props.back.label}</Link>
        </p>
      )}
      <div className="page-header">
        <h1>{props.title}</h1>
        {props.children}
        {props.actions && <div className="actions">{props.actions}</div>}
      </div>
    </>
  );
}
