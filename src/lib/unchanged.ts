// A write that changes nothing changes nothing (docs/api/23-one-call-sync-and-imports.md): no UPDATE, no event, no audit row, and
// `updated_at` stays. Services build the columns a request sets, then keep only those that differ from the row.

/**
 * The entries of `changes` whose value differs from the same column of `row`. A value computed in the batch (a SQL
 * expression, such as a JSON merge) is kept: the caller decides beforehand whether it changes anything.
 */
export function differing<T extends Record<string, unknown>>(changes: T, row: Record<string, unknown>): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([column, value]) => isComputed(value) || value !== row[column])) as Partial<T>;
}

const isComputed = (value: unknown) => typeof value === "object" && value !== null;
