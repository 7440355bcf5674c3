// Display helpers: money in major units with two decimals (stored as cents), dates, permission names.

/** 1250 → "12.50". */
export const formatCents = (cents: number) => (cents / 100).toFixed(2);

/** "12.5" → 1250; null when the text is not a non-negative amount with at most two decimals. */
export function parseMajor(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ""] = trimmed.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "never";
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** Date and time to the second: webhook retries 2 s and 4 s apart must be told apart. */
export function formatDateTimeSeconds(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" });
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

/** An amount with its currency: 1250, "EUR" → "12.50 EUR". */
export const formatMoney = (cents: number, currency: string) => `${formatCents(cents)} ${currency}`;

/** Orders are named by the end of their id, as admins read them aloud ("Order …4F2A"). */
export const orderName = (id: string) => `Order ${id.slice(-8).toUpperCase()}`;
