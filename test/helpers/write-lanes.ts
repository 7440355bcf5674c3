// The write budgets' lanes for tests (src/access/write-budget.ts): the suite runs with .dev.vars' raised limits, so a
// test of one lane swaps in low-limit bindings, and closes the steady lane when it is about the burst lane behind it.

/** A Rate Limiting binding that refuses everything. */
export const refusing: RateLimit = { limit: async () => ({ success: false }) };

/** A low-limit binding whose keys are prefixed per run, so each run starts with empty counters. */
export const fresh = (binding: RateLimit, run: string): RateLimit => ({ limit: ({ key }) => binding.limit({ key: `${run}:${key}` }) });

/** Every write past the steady lane: its store share refuses, so each write spends the burst lane's budgets. */
export const steadyLaneClosed = { STORE_STEADY_WRITE_RATE_LIMITER: refusing, RATE_LIMIT_STORE_STEADY_WRITES: "15" } as Partial<Env>;

/** The vars at their production units: the swapped-in bindings' own limits decide (.dev.vars raises them locally). */
export const ownLimits = {
  RATE_LIMIT_STORE_STEADY_WRITES: "15",
  RATE_LIMIT_DATABASE_STEADY_WRITES: "100",
  RATE_LIMIT_STORE_WRITES: "100",
  RATE_LIMIT_DATABASE_WRITES: "100",
  RATE_LIMIT_DELIVERY_WRITES: "150",
} as Partial<Env>;
