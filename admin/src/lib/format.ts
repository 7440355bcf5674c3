// Display helpers: money in the store's currency ("€12.50"), times in the store's time zone, permission names.
// The shell hands the current store's settings over (`useDisplaySettings` in hooks/api/store-settings.ts); a
// component that formats prices or times calls `useDisplay()` so it renders again when they change.
import { useSyncExternalStore } from "react";
import { formatAmount } from "./money";

let display = { currency: "USD", timeZone: "UTC" };
const listeners = new Set<() => void>();

/** The current store's settings (GET /stores/{store_id}: currency, timezone). */
export function setDisplaySettings(settings: { currency: string; timezone: string }) {
  if (display.currency === settings.currency && display.timeZone === settings.timezone) return;
  display = { currency: settings.currency, timeZone: settings.timezone };
  for (const l of listeners) l();
}

/** Subscribes the calling component to the store's currency and time zone; returns them. */
export function useDisplay() {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => void listeners.delete(l)),
    () => display,
  );
}

export const displayTimeZone = () => display.timeZone;

/** 1250 → "12.50". */
export const formatCents = (cents: number) => (cents / 100).toFixed(2);

/** "12.5" → 1250; null when the text is not a non-negative amount with at most two decimals. */
export function parseMajor(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ""] = trimmed.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

const timeParts = (seconds: boolean): Intl.DateTimeFormatOptions => ({
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  ...(seconds ? { second: "2-digit" } : {}),
  timeZoneName: "short",
});

/** Date and time in the store's time zone, naming the zone ("Nov 25, 2026, 09:30 GMT+1"). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "never";
  return new Date(iso).toLocaleString(undefined, { ...timeParts(false), timeZone: display.timeZone });
}

/** Date and time to the second in the store's time zone: webhook retries 2 s and 4 s apart must be told apart. */
export function formatDateTimeSeconds(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { ...timeParts(true), timeZone: display.timeZone });
}

/** Milliseconds between two instants, as "2.0 s" (or "1 min 5.0 s"). */
export function formatGap(fromIso: string, toIso: string): string {
  const ms = Date.parse(toIso) - Date.parse(fromIso);
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${(seconds % 60).toFixed(1)} s`;
}

/** "products.read" → ["products", "read"]: permissions are grouped by their resource. */
export function groupPermissions<T extends { name: string }>(permissions: T[]): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const permission of permissions) {
    const resource = permission.name.split(".")[0];
    groups.set(resource, [...(groups.get(resource) ?? []), permission]);
  }
  return [...groups];
}

/**
 * An amount with its currency, in that currency's own decimals: 1250, "EUR" → "€12.50"; 500, "JPY" → "¥500" (an
 * order keeps its own currency). lib/money.ts converts exactly.
 */
export const formatMoney = (minor: number, currency: string): string => formatAmount(minor, currency);

/** A price in the store's currency: 1250 → "€12.50" for a store in EUR. */
export const formatPrice = (cents: number) => formatMoney(cents, display.currency);

/** Orders are named by the end of their id, as admins read them aloud ("Order …4F2A"). */
export const orderName = (id: string) => `Order ${id.slice(-8).toUpperCase()}`;
