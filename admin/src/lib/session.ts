// The signed-in session: in memory, mirrored to sessionStorage so a reload keeps it (never localStorage: a
// session JWT must not outlive the browser tab). Components subscribe through useSession().
import { useSyncExternalStore } from "react";

export interface Session {
  token: string;
  expiresAt: string;
  user: { id: string; email: string; name: string };
}

const SESSION_KEY = "bod.session";
const STORE_KEY = "bod.store";

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

let current: Session | null = read<Session>(SESSION_KEY);
let storeId: string | null = read<string>(STORE_KEY);
/** Why the last session ended, shown on the sign-in page ("expired" after a 401). */
let endReason = null as "expired" | "signed-out" | null;
const listeners = new Set<() => void>();
let snapshot = { session: current, storeId, endReason };

function emit() {
  snapshot = { session: current, storeId, endReason };
  for (const listener of listeners) listener();
}

export const sessionStore = {
  token: () => current?.token ?? null,
  storeId: () => storeId,
  signIn(session: Session) {
    current = session;
    endReason = null;
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
    emit();
  },
  end(reason: "expired" | "signed-out") {
    current = null;
    storeId = null;
    endReason = reason;
    sessionStorage.removeItem(SESSION_KEY);
    sessionStorage.removeItem(STORE_KEY);
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
