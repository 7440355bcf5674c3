// A list the user reorders (a manual collection's products, a product's gallery): a change shows at once, and the
// server's order is shown again only once nothing is on its way.
import { useEffect, useState } from "react";

/**
 * `server` is the list as last fetched; `busy` is true while a change is unanswered or a refetch is in flight.
 * Returns the list to show and the setter for a change made here.
 *
 * Waiting for the changes alone is not enough: a refetch started before the last change was answered holds the
 * order from before it, and its answer can reach the screen in the same render as the change's answer (both within
 * a few milliseconds). Every change's answer starts a new refetch (which cancels any older one), so once no refetch
 * is in flight either, the fetched list includes every change.
 */
export function useShownOrder<T>(server: T[], busy: boolean): [T[], (next: T[]) => void] {
  const [local, setLocal] = useState<T[] | null>(null);
  useEffect(() => {
    if (!busy) setLocal(null);
  }, [busy]);
  return [local ?? server, setLocal];
}
