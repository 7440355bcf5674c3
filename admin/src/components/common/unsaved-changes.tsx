// The one guard against losing edits (docs/conventions.md rule 14). Every create and edit form, on a page or in a dialog,
// says whether it holds unsaved edits with `useUnsavedChanges(dirty)` (useApiForm does it for its form), and the
// shell renders `<LeaveGuard />` once. The registry of dirty forms below is the one truth, and one question,
// "Discard unsaved changes?" ("Keep editing" / "Discard changes"), is asked from here for every way of losing them:
// - a navigation inside the console (link, Back, Forward) while any form is dirty: the router's blocker;
// - closing or reloading the tab: the browser's own prompt (the only one a page may show then);
// - closing a dialog form (Escape, "Cancel"): that form's `leave(close)`, which asks about that form alone;
// - an action that drops the page without a navigation the router can hold (switching store, signing out,
//   another tab of a page): `leaveThen(action)`, which asks about every form.
// "Keep editing" changes nothing. "Discard changes" forgets the edits it asked about, then lets the navigation or the
// action through. A save that went through says `saved()`, which forgets the form's edits at once, so a navigation
// in the same tick (to the record just created) is not asked about.
import { useEffect, useId, useLayoutEffect, useMemo, useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import { useBlocker } from "react-router";
import { Dialog } from "./dialog";

const dirtyForms = new Set<string>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};
const subscribe = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));
const anyDirty = () => dirtyForms.size > 0;

function mark(id: string, dirty: boolean) {
  if (dirty === dirtyForms.has(id)) return;
  if (dirty) dirtyForms.add(id);
  else dirtyForms.delete(id);
  notify();
}

/** An open question: the forms it is about, and what "Discard changes" lets through. */
interface Question {
  forms: string[];
  action: () => void;
  /** Closing one form (a dialog) rather than leaving the page. */
  closing: boolean;
}
let question: Question | null = null;
const openQuestion = () => question;

/** Runs `action` at once when none of `forms` holds unsaved edits; otherwise asks, and runs it after "Discard". */
function ask(forms: string[] | "all", action: () => void) {
  const asked = forms === "all" ? [...dirtyForms] : forms.filter((id) => dirtyForms.has(id));
  if (asked.length === 0) return action();
  question = { forms: asked, action, closing: forms !== "all" };
  notify();
}

export interface UnsavedChanges {
  /** Closing this form (a dialog's Escape or Cancel): `action` at once while it is clean, else after "Discard". */
  leave(action: () => void): void;
  /** A save went through: nothing here is unsaved from now on (the form's next render says so again). */
  saved(): void;
}

/** Marks this form as holding unsaved edits while `dirty` is true (and until it unmounts). */
export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  const id = useId();
  // Every commit, before the browser handles another event: the registry is never behind what is on screen.
  useLayoutEffect(() => mark(id, dirty));
  useLayoutEffect(() => () => mark(id, false), [id]);
  return useMemo(() => ({ leave: (action) => ask([id], action), saved: () => mark(id, false) }), [id]);
}

/** Runs `action` at once when nothing is unsaved; otherwise after "Discard changes" (never after "Keep editing"). */
export function leaveThen(action: () => void) {
  ask("all", action);
}

export function LeaveGuard() {
  const dirty = useSyncExternalStore(subscribe, anyDirty);
  const asked = useSyncExternalStore(subscribe, openQuestion);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => anyDirty() && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const prompt = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", prompt);
    return () => window.removeEventListener("beforeunload", prompt);
  }, [dirty]);
  const blocked = blocker.state === "blocked";
  const keep = () => {
    if (blocked) blocker.reset();
    question = null;
    notify();
  };
  const discard = () => {
    const held = question;
    // The question closes first, so focus goes back to the form it was asked over before that form goes.
    flushSync(() => {
      question = null;
      notify();
    });
    for (const id of blocked ? [...dirtyForms] : (held?.forms ?? [])) mark(id, false);
    if (blocked) blocker.proceed();
    held?.action();
  };
  return (
    <Dialog title="Discard unsaved changes?" open={blocked || asked !== null} onClose={keep}>
      <p>
        {asked?.closing && !blocked
          ? "This form has edits that are not saved yet. Closing it drops them."
          : "This page has edits that are not saved yet. Leaving it drops them."}
      </p>
      <div className="actions">
        <button type="button" className="primary" onClick={keep}>
          Keep editing
        </button>
        <button type="button" className="danger" onClick={discard}>
          Discard changes
        </button>
      </div>
    </Dialog>
  );
}
