// A D1 binding that fails its next calls with the errors D1 gives when it cannot take a request, for the
// overload rules. Every call (a statement's first/all/run/raw, or a batch; on the binding or on a session)
// takes the next error from the list while any are left, then goes through; every call is recorded.
export const OVERLOADED = "D1_ERROR: D1 DB is overloaded. Too many requests queued.";
export const QUEUED_TOO_LONG = "D1_ERROR: D1 DB is overloaded. Requests queued for too long.";
export const FULL = "D1_ERROR: Exceeded maximum DB size";

export function faultyD1(db: D1Database, errors: string[]) {
  const pending = [...errors];
  const calls: Array<{ kind: string; failed: boolean }> = [];
  const unwrap = new WeakMap<object, D1PreparedStatement>();
  const attempt = <T>(kind: string, run: () => Promise<T>): Promise<T> => {
    const error = pending.shift();
    calls.push({ kind, failed: error !== undefined });
    return error === undefined ? run() : Promise.reject(new Error(error));
  };
  const wrapStatement = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        const value: any = Reflect.get(target, prop, target);
        if (prop === "bind") return (...args: unknown[]) => wrapStatement(value.apply(target, args));
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") {
          return (...args: unknown[]) => attempt(String(prop), () => value.apply(target, args));
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    unwrap.set(proxy, stmt);
    return proxy;
  };
  const wrapDb = <T extends object>(inner: T): T =>
    new Proxy(inner, {
      get(target, prop) {
        const value: any = Reflect.get(target, prop, target);
        if (prop === "prepare") return (query: string) => wrapStatement(value.call(target, query));
        if (prop === "withSession") return (...args: unknown[]) => wrapDb(value.apply(target, args));
        if (prop === "batch") {
          return (statements: D1PreparedStatement[]) =>
            attempt("batch", () =>
              value.call(
                target,
                statements.map((s) => unwrap.get(s) ?? s),
              ),
            );
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return { db: wrapDb(db), calls };
}
