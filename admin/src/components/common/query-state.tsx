// Loading, error and empty states shared by every screen. A 403 says which permission is missing.
import type { ReactNode } from "react";
import { describeProblem } from "../../lib/problem";

export function Loading({ label = "Loading…" }: { label?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      {label}
    </p>
  );
}

export function ErrorMessage({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="error" role="alert">
      {describeProblem(error)}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

/** Renders `children(data)` once a query has data; its loading or error state before that. */
export function QueryState<T>(props: { query: { data?: T; error: unknown; isPending: boolean }; children: (data: T) => ReactNode }) {
  if (props.query.error && !props.query.data) return <ErrorMessage error={props.query.error} />;
  if (props.query.isPending || props.query.data === undefined) return <Loading />;
  return <>{props.children(props.query.data)}</>;
}
