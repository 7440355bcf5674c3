// What `npm run migrate:remote` has done, kept between runs (scripts/migrate-all.mjs):
// - each database brought to its directory's newest migration, so a rerun skips it without a single API request.
//   Asking each database instead (its d1_migrations table) would cost at least one request per database per run:
//   5,000 requests, 25 minutes of a 1,000-per-5-minutes budget, to learn that nothing changed. Keyed by database_id
//   (unique per account). A database restored to an earlier point (D1 Time Travel) or migrated by hand is not known
//   here: rerun with --recheck to ask every database again.
// - the API requests of the last window and when a 429 was met, so a run started right after another (or after a
//   stop) counts what the previous one spent and waits out the API's block instead of meeting it again.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

export class MigrateState {
  constructor(file) {
    this.file = file;
    const saved = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
    this.entries = saved.databases ?? {};
    /** Finished jobs' requests ({at, requests}), for the next run's budget. */
    this.spent = saved.spent ?? [];
    /** Epoch ms until which the API refuses this account (a 429 was met), or 0. */
    this.blockedUntil = saved.blocked_until ?? 0;
  }

  /** The newest migration recorded as applied to `databaseId`, or undefined. */
  last(databaseId) {
    return this.entries[databaseId]?.last;
  }

  /** Records that `db` has every migration up to `last`. */
  record(db, last) {
    this.entries[db.id] = { binding: db.binding, name: db.name, last, at: new Date().toISOString() };
    this.save();
  }

  /** Writes the file at once (atomically), so an interrupted run loses nothing it finished. */
  save() {
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, `${JSON.stringify({ databases: this.entries, spent: this.spent, blocked_until: this.blockedUntil }, null, 2)}\n`);
    renameSync(temporary, this.file);
  }
}
