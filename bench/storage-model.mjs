// Storage measurement for `npm run bench:storage`: bytes per table from SQLite's dbstat (every page of every
// table and index, FTS shadow tables included, charged to the table they serve), row counts, and the model
// that turns per-row bytes into how long one D1 database lasts for a workload.
import { DatabaseSync } from "node:sqlite";

/**
 * Per table: allocated bytes (whole pages, as the file grows) and used bytes (minus free space inside pages),
 * counting its indexes and, for a virtual table, its shadow tables; plus its row count. Read with wrangler dev
 * stopped, so the file is complete.
 */
export function measure(file) {
  const db = new DatabaseSync(file);
  try {
    const schema = db.prepare("SELECT type, name, tbl_name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' OR type = 'index'").all();
    const tables = schema.filter((s) => s.type === "table").map((s) => s.name);
    const virtual = tables.filter((t) => /VIRTUAL/i.test(db.prepare("SELECT sql FROM sqlite_schema WHERE name = ?").get(t).sql ?? ""));
    const owner = (name) => {
      const entry = schema.find((s) => s.name === name);
      if (entry?.type === "index") return entry.tbl_name;
      return virtual.find((v) => name.startsWith(`${v}_`)) ?? name;
    };
    const result = {};
    for (const row of db.prepare("SELECT name, sum(pgsize) AS allocated, sum(pgsize - unused) AS used FROM dbstat GROUP BY name").all()) {
      const table = owner(row.name);
      if (!tables.includes(table)) continue; // sqlite_schema and friends
      result[table] ??= { allocated: 0, used: 0, rows: 0 };
      result[table].allocated += row.allocated;
      result[table].used += row.used;
    }
    for (const table of tables.filter((t) => owner(t) === t)) {
      result[table] ??= { allocated: 0, used: 0, rows: 0 };
      result[table].rows = db.prepare(`SELECT count(*) AS n FROM "${table}"`).get().n;
    }
    const { page_size: pageSize } = db.prepare("PRAGMA page_size").get();
    const { page_count: pageCount } = db.prepare("PRAGMA page_count").get();
    return { tables: result, fileBytes: pageSize * pageCount };
  } finally {
    db.close();
  }
}

/** Growth per table between two measurements (only tables that changed). */
export function growth(before, after) {
  const out = {};
  for (const [table, a] of Object.entries(after.tables)) {
    const b = before.tables[table] ?? { allocated: 0, used: 0, rows: 0 };
    const d = { allocated: a.allocated - b.allocated, used: a.used - b.used, rows: a.rows - b.rows };
    if (d.allocated || d.rows) out[table] = d;
  }
  return out;
}

/** Which retention applies to a table (docs/data.md): webhook and event tables 30 days, the audit log 365. */
export const retentionClass = (table) => (table === "audit_log" ? "audit" : /^(events?|event_|webhook_)/.test(table) && table !== "webhooks" ? "log" : "kept");

/** Expected attempts per delivery with 3 attempts at most and each failing with probability p. */
export const attemptsPerDelivery = (p) => 1 + p + p * p;

/**
 * Days until `capBytes` fills: the catalog up front, then every day `logBytes` (kept `logDays`) and
 * `auditBytes` (kept `auditDays`). Without retention nothing is ever deleted. Infinity: never (the steady state
 * fits).
 */
export function daysUntilFull({ capBytes, catalogBytes, logBytes, auditBytes, logDays, auditDays, retention }) {
  const room = capBytes - catalogBytes;
  if (room <= 0) return 0;
  const daily = logBytes + auditBytes;
  if (!retention) return room / daily;
  if (room <= daily * logDays) return room / daily;
  const afterLogs = room - logBytes * logDays; // logs level off after logDays; the audit keeps growing
  if (afterLogs <= auditBytes * auditDays) return afterLogs / auditBytes;
  return Infinity;
}
