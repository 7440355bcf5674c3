// Reaching into the D1 batches a request sends, to test what happens when one fails or races another writer.
// Every D1 session opened after the call gets the wrapper (restored by vi.restoreAllMocks).
import { env } from "cloudflare:workers";
import { vi } from "vitest";

type Send = (statements: D1PreparedStatement[]) => Promise<D1Result[]>;

export function interceptBatches(batch: (statements: D1PreparedStatement[], send: Send) => Promise<D1Result[]>) {
  const withSession = env.DB.withSession.bind(env.DB);
  vi.spyOn(env.DB, "withSession").mockImplementation((...args: any[]) => {
    const session = withSession(...(args as [any]));
    return new Proxy(session, {
      get(target, prop) {
        if (prop === "batch") return (statements: D1PreparedStatement[]) => batch(statements, (s) => target.batch(s));
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  });
}

/** Every batch fails, as a D1 outage would make it: for "nothing half-written". */
export const failNextBatches = () =>
  interceptBatches(async () => {
    throw new Error("injected D1 failure");
  });

/** Another writer commits `sql` (outside the request's batch) just before each batch is sent. */
export const writeBeforeNextBatches = (sql: string, ...params: unknown[]) =>
  interceptBatches(async (statements, send) => {
    await env.DB.prepare(sql).bind(...params).run();
    return send(statements);
  });
