// The signed-in session: in memory, mirrored to this tab's sessionStorage so a reload keeps it, and shared with the
// browser's other tabs of the console through a BroadcastChannel (never localStorage: a session JWT must not be
// written where it outlives the browser session or where every script of the origin reads it at rest).
//
// - A new tab starts "waking": it asks the other tabs (`ask`); one that holds a session answers with it (and its
//   store), and the new tab is signed in. No answer within WAKE_MS: signed out.
// - Signing in, or out, in one tab tells every other tab (`session` / `end`): "Sign out" ends them all at once.
// Components subscribe through useSession(). docs/admin.md "Sessions across tabs" says why not a cookie.
import { useSyncExternalStore } from "react";

export interface Session {
  token: string;
  expiresAt: string;
  user: { id: string; email: string; name: string };
}

type Message = { type: "ask" } | { type: "session"; session: Session; storeId: string | null } | { type: "end" };

const SESSION_KEY = "bod.session";
const STORE_KEY = "bod.store";
/** How long a new tab waits for another tab's answer before it shows the sign-in page. */
const WAKE_MS = 400;

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

const live = (s: Session | null) => (s && Date.parse(s.expiresAt) > Date.now() ? s : null);

let current: Session | null = live(read<Session>(SESSION_KEY));
let storeId: string | null = read<string>(STORE_KEY);
/** Why the last session ended, shown on the sign-in page ("expired" after a 401). */
let endReason = null as "expired" | "signed-out" | null;
const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("bod.session");
/** True until this tab knows whether another tab holds a session (only when it has none of its own). */
let waking = !current && channel !== null;
const listeners = new Set<() => void>();
let snapshot = { session: current, storeId, endReason, waking };

function emit() {
  snapshot = { session: current, storeId, endReason, waking };
  for (const listener of listeners) listener();
}

function adopt(session: Session, store: string | null) {
  current = session;
  endReason = null;
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  if (store && !storeId) {
    storeId = store;
    sessionStorage.setItem(STORE_KEY, JSON.stringify(store));
  }
}

function endHere(reason: "expired" | "signed-out") {
  current = null;
  storeId = null;
  endReason = reason;
  sessionStorage.removeItem(SESSION_KEY);
  sessionStorage.removeItem(STORE_KEY);
}

const post = (message: Message) => channel?.postMessage(message);

if (channel) {
  channel.onmessage = (event: MessageEvent<Message>) => {
    const message = event.data;
    if (message.type === "ask") {
      if (live(current)) post({ type: "session", session: current!, storeId });
      return;
    }
    if (message.type === "session") {
      // Another tab's session: taken when this tab has none (a new tab, or one showing the sign-in page).
      if (!current && live(message.session)) adopt(message.session, message.storeId);
    } else if (message.type === "end") {
      if (current) endHere("signed-out");
    }
    waking = false;
    emit();
  };
  if (waking) {
    post({ type: "ask" });
    setTimeout(() => {
      if (!waking) return;
      waking = false;
      emit();
    }, WAKE_MS);
  }
}

export const sessionStore = {
  token: () => current?.token ?? null,
  storeId: () => storeId,
  signIn(session: Session) {
    adopt(session, null);
    waking = false;
    post({ type: "session", session, storeId });
    emit();
  },
  /** "signed-out" ends every tab's session (the server has ended the JWT); "expired" ends this tab's. */
  end(reason: "expired" | "signed-out") {
    endHere(reason);
    if (reason === "signed-out") post({ type: "end" });
    emit();
  },
  selectStore(id: string | null) {
    storeId = id;
    if (id) sessionStorage.setItem(STORE_KEY, JSON.stringify(id));
    else sessionStorage.removeItem(STORE_KEY);
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession() {
  return useSyncExternalStore(sessionStore.subscribe, () => snapshot);
}
