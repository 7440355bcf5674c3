// What every save says, next to what it saved (docs/conventions.md rule 14): a status message "Saving…", "Saved", or the
// error in words. It is a polite live region (role status) present before the save, so screen readers hear it.
import { describeProblem } from "../../lib/problem";

export interface SaveState {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
}

/** `stale`: the form was edited again since the last save, so "Saved" no longer describes it. */
export function SaveStatus({ state, stale = false }: { state: SaveState; stale?: boolean }) {
  const text = state.isPending ? "Saving…" : state.isError ? `Not saved: ${describeProblem(state.error)}` : state.isSuccess && !stale ? "Saved" : "";
  return (
    <span role="status" className={state.isError ? "save-status failed" : "save-status"}>
      {text}
    </span>
  );
}

/** A form's closing row: the submit button "Save" (or `label`) and, beside it, what the last save did. */
export function SaveActions({ state, stale, label = "Save" }: { state: SaveState; stale?: boolean; label?: string }) {
  return (
    <div className="actions">
      <button type="submit" className="primary" disabled={state.isPending}>
        {label}
      </button>
      <SaveStatus state={state} stale={stale} />
    </div>
  );
}
