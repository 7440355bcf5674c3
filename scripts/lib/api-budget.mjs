// A budget of Cloudflare API requests over a sliding window, for scripts that call the API through wrangler
// (scripts/migrate-all.mjs). The API allows 1,200 requests per five minutes per user, counted across the dashboard,
// every token and every tool, and answers 429 to everything for five minutes past it
// (https://developers.cloudflare.com/fundamentals/api/reference/limits/); a script should leave room for the rest.
//
// A job reserves the most requests it can make before it starts, and on finishing replaces the reservation by the
// requests it made, stamped with its finishing time (they all happened before it). So at every moment the requests
// made in the last window are at most: the reservations of jobs still running + what finished jobs made within the
// window, and a job starts only when that sum plus its own reservation fits the budget.

export class ApiBudget {
  /**
   * `limit` requests per `windowMs`; `spent`: what earlier runs made ({at, requests}: shared, and kept up to date, so
   * the caller can save it); `now` can be replaced in tests.
   */
  constructor(limit, windowMs, spent = [], now = () => Date.now()) {
    if (!(limit > 0) || !(windowMs > 0)) throw new Error("ApiBudget: limit and window must be positive");
    this.limit = limit;
    this.windowMs = windowMs;
    this.now = now;
    /** Finished jobs: { at, requests }. */
    this.spent = spent;
    /** Running jobs' reservations. */
    this.reserved = new Set();
  }

  /** Requests that may have been made in the current window, reservations included. */
  used() {
    const since = this.now() - this.windowMs;
    // In place: the array is the caller's too.
    for (let i = this.spent.length - 1; i >= 0; i--) if (this.spent[i].at <= since) this.spent.splice(i, 1);
    let total = 0;
    for (const s of this.spent) total += s.requests;
    for (const r of this.reserved) total += r.requests;
    return total;
  }

  /** Requests finished jobs made in the current window (what the API has seen for certain). */
  spentInWindow() {
    this.used();
    return this.spent.reduce((n, s) => n + s.requests, 0);
  }

  /**
   * Milliseconds until `requests` more fit: 0 now; null when only a running job's end can make room; Infinity when
   * they never can (more than the whole budget).
   */
  waitFor(requests) {
    if (requests > this.limit) return Infinity;
    let total = this.used();
    if (total + requests <= this.limit) return 0;
    // Finished jobs leave the window oldest first.
    for (const s of [...this.spent].sort((a, b) => a.at - b.at)) {
      total -= s.requests;
      if (total + requests <= this.limit) return s.at + this.windowMs - this.now() + 1;
    }
    return null;
  }

  /** Takes `requests` from the budget for a job about to start; give the handle back to `settle`. */
  reserve(requests) {
    const handle = { requests };
    this.reserved.add(handle);
    return handle;
  }

  /** The job is over: it made `requests` (at most what it reserved), all before now. */
  settle(handle, requests = handle.requests) {
    this.reserved.delete(handle);
    this.spent.push({ at: this.now(), requests: Math.min(requests, handle.requests) });
  }
}
