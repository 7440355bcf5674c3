// Benchmark-only Worker for `npm run bench:auth`: the real app, except that a request carrying
// `X-Bench-Budgets: off` runs with the three Rate Limiting bindings replaced by a stub that always admits, so the
// same route can be measured with and without the budget check in one run on one server.
import worker from "../src/index";

export { UserSessions } from "../src/index";

const admitAll: RateLimit = { limit: async () => ({ success: true }) };

export default {
  ...worker,
  fetch(request, env, ctx) {
    if (request.headers.get("X-Bench-Budgets") !== "off") return worker.fetch(request, env, ctx);
    const unbudgeted = {
      ...env,
      IP_RATE_LIMITER: admitAll,
      FAILED_AUTH_RATE_LIMITER: admitAll,
      CREDENTIAL_RATE_LIMITER: admitAll,
      STORE_RATE_LIMITER: admitAll,
    };
    return worker.fetch(request, unbudgeted, ctx);
  },
} satisfies ExportedHandler<Env, string>;
