// The signed-in frame: store switch, main navigation, sign out, and the current screen. On a narrow screen the
// navigation folds behind a button "Menu" (a disclosure: aria-expanded, closed again after each navigation).
import { useEffect, useState } from "react";
import { NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useSignOut } from "../../hooks/api/auth";
import { sessionStore, useSession } from "../../lib/session";
import type { components } from "../../lib/api-schema";
import { useDisplaySettings } from "../../hooks/api/store-settings";
import { LeaveGuard, leaveThen } from "../common/unsaved-changes";

type MeStore = Pick<components["schemas"]["Store"], "id" | "name">;

const NAV = [
  ["/products", "Products"],
  ["/collections", "Collections"],
  ["/inventory", "Inventory"],
  ["/orders", "Orders"],
  ["/customers", "Customers"],
  ["/webhooks", "Webhooks"],
  ["/api-tokens", "Access tokens"],
  ["/integrations", "Integrations"],
  ["/team", "Team"],
  ["/audit-log", "Audit log"],
  ["/events", "Events"],
  ["/settings", "Settings"],
] as const;

export function Shell({ stores }: { stores: MeStore[] }) {
  const { session, storeId } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useDisplaySettings();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation (a new pathname) closes the menu
  useEffect(() => setMenuOpen(false), [pathname]);
  // Switching store and signing out drop the page (its edits included) before any navigation the guard could hold:
  // ask first.
  const switchStore = (id: string) => {
    if (id === "__new") return navigate("/stores/new");
    leaveThen(() => {
      sessionStore.selectStore(id);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[1] !== id && q.queryKey[0] !== "me" });
      navigate("/products");
    });
  };
  return (
    <div className="shell">
      <header className="topbar">
        <button type="button" className="menu-button" aria-expanded={menuOpen} aria-controls="main-nav" onClick={() => setMenuOpen(!menuOpen)}>
          Menu
        </button>
        <span className="brand">Store admin</span>
        <label className="store-switch">
          <span className="visually-hidden">Store</span>
          <select aria-label="Store" value={storeId ?? ""} onChange={(e) => switchStore(e.target.value)}>
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
            <option value="__new">New store…</option>
          </select>
        </label>
        <span className="user">{session?.user.email}</span>
        <button type="button" onClick={() => leaveThen(() => signOut.mutate())} disabled={signOut.isPending}>
          Sign out
        </button>
      </header>
      <nav className={menuOpen ? "sidebar open" : "sidebar"} id="main-nav" aria-label="Main">
        <ul>
          {NAV.map(([to, label]) => (
            <li key={to}>
              <NavLink to={to}>{label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content" id="main">
        <Outlet />
      </main>
      <LeaveGuard />
    </div>
  );
}
