// Reaching into the D1 batches a request sends, to test what happens when one fails or races another writer.
// Every D1 session opened after the call, on a store database or on the directory, gets the wrapper (restored by
// vi.restoreAllMocks). The callback is told which database the batch was going to.
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import { storeD1s } from "./databases";

type Send = (statements: D1PreparedStatement[]) => Promise<D1Result[]>;

export function interceptBatches(
  batch: (statements: D1PreparedStatement[], send: Send, binding: D1Database) => Promise<D1Result[]>,
  bindings: D1Database[] = [...storeD1s(), env.DIRECTORY],
) {
  for (const binding of bindings) {
    const withSession = binding.withSession.bind(binding);
    vi.spyOn(binding, "withSession").mockImplementation((...args: any[]) => {
      const session = withSession(...(args as [any]));
      return new Proxy(session, {
        get(target, prop) {
          if (prop === "batch") return (statements: D1PreparedStatement[]) => batch(statements, (s) => target.batch(s), binding);
          const value = Reflect.get(target, prop);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    });
  }
}

/**
 * Another writer commits `sql` (outside the request's batch) just before each batch a store database is sent: on that
 * same database, where the store's rows are.
 */
export const writeBeforeNextBatches = (sql: string, ...params: unknown[]) =>
  interceptBatches(async (statements, send, binding) => {
    await binding
      .prepare(sql)
      .bind(...params)
      .run();
    return send(statements);
  }, storeD1s());
