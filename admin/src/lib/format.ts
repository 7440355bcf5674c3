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

/** "products.read" → ["products", "read"]: permissions are grouped by their resource. */
export function groupPermissions<T extends { name: string }>(permissions: T[]): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const permission of permissions) {
    const resource = permission.name.split(".")[0];
    groups.set(resource, [...(groups.get(resource) ?? []), permission]);
  }
  return [...groups];
}
