// The one guard against losing edits (STYLE.md rule 14). A form says it holds unsaved edits with
// `useUnsavedChanges(dirty)`; the shell renders `<LeaveGuard />` once. While any form is dirty:
// - following a link, Back or Forward inside the console asks first: a dialog "Discard unsaved changes?" with
//   buttons "Keep editing" (stay) and "Discard changes" (go);
// - closing or reloading the tab asks through the browser's own prompt (the only one a page may show then);
// - an action that drops the page's state without a navigation the router can hold (switching store) goes through
//   `leaveThen(action)`, which asks the same question first.
import { useEffect, useId, useSyncExternalStore } from "react";
import { useBlocker } from "react-router";
import { Dialog } from "./dialog";

const dirtyForms = new Set<string>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
const subscribe = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));
const anyDirty = () => dirtyForms.size > 0;
/** The action `leaveThen` holds until the question is answered. */
let pending: (() => void) | null = null;
const pendingAction = () => pending;

/** Marks this form as holding unsaved edits while `dirty` is true (and until it unmounts). */
export function useUnsavedChanges(dirty: boolean) {
  const id = useId();
  useEffect(() => {
    if (!dirty) return;
    dirtyForms.add(id);
    notify();
    return () => {
      dirtyForms.delete(id);
      notify();
    };
  }, [dirty, id]);
}

/** Forgets every form's edits (after "Discard changes", so the navigation it allows is not asked about again). */
const discardAll = () => {
  dirtyForms.clear();
  notify();
};

/** Runs `action` at once when nothing is unsaved; otherwise after "Discard changes" (never after "Keep editing"). */
export function leaveThen(action: () => void) {
  if (!anyDirty()) return action();
  pending = action;
  notify();
}

export function LeaveGuard() {
  const dirty = useSyncExternalStore(subscribe, anyDirty);
  const held = useSyncExternalStore(subscribe, pendingAction);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => anyDirty() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);
  const blocked = blocker.state === "blocked";
  const stay = () => {
    if (blocked) blocker.reset();
    pending = null;
    notify();
  };
  return (
    <Dialog title="Discard unsaved changes?" open={blocked || held !== null} onClose={stay}>
      <p>This page has edits that are not saved yet. Leaving it drops them.</p>
      <div className="actions">
        <button type="button" className="primary" onClick={stay}>
          Keep editing
        </button>
        <button
          type="button"
          className="danger"
          onClick={() => {
            const action = pending;
            pending = null;
            discardAll();
            if (blocked) blocker.proceed();
            action?.();
          }}
        >
          Discard changes
        </button>
      </div>
    </Dialog>
  );
}
