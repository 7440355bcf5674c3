// `batchedStoreAccess`: `storeAccess` for hot read-only routes, in one D1 round trip instead of two. The access
// lookup (a PAT's, or a session's membership) is prepared here and sent in one batch with the route's read by
// `withAuthBatch`, straight on the store database's binding (D1 sends it to the primary), so revocation, rotation
// and member removal still count on the very next request.
import type { SQL } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { type Placement, placementOf, readDbOf, shardBinding } from "../placement/store-db";
import type { AppEnv, PendingAccess, StoreReadCtx } from "../lib/types";
import { isUuid } from "../lib/ids";
import type { Permission } from "../lib/permissions";
import { admitSession, verifyJwt } from "./sessions";
import { within } from "./budgets";
import { admitToStore, isStoreKey, keyAccess, storeAccess } from "./admission";
import { type IntegrationRow, admitIntegration, integrationBudget, integrationElsewhere, integrationKeyHash, integrationOn } from "./integration";
import { type C, type HereState, type Lookup, type Spending, bearerToken, d1Statement, left, onStore } from "./lookups";
import { type PatRow, admitPat, patBudget, patElsewhere, patHash, patOn } from "./pat";
import { type MembershipRow, membershipAccess, membershipLookup, sessionCheck, userBudget } from "./session";
import { INTEGRATION_PREFIX } from "./token-format";

/**
 * An access check whose lookup is prepared but not sent: it goes out with the route's read in one D1 batch
 * (`withAuthBatch`), or alone (`resolve`) when the request ends without that read. `admit` applies the same
 * rules as `storeAccess` to the lookup's row, and the read is handed back only after they pass. A stale placement
 * (the store left the database the cache named) sends the batch once more where the directory says.
 */
class PendingStoreAccess<Row> implements PendingAccess {
  private outcome: Promise<void> | null = null;

  constructor(
    private readonly c: C,
    private placement: Placement,
    private readonly lookup: Lookup<Row>,
    private readonly admit: (row: Row | null, shard: string) => Promise<void>,
  ) {}

  get storeId() {
    return this.placement.storeId;
  }

  get db() {
    return readDbOf(shardBinding(this.c.env, this.placement.shard));
  }

  get sent() {
    return this.outcome !== null;
  }

  private send<T>(read?: SQL) {
    const sent = onStore<Row, T>(this.c, this.placement, this.lookup, read);
    this.outcome = sent.then((answer) => {
      this.placement = answer.placement;
      return this.admit(answer.row, answer.placement.shard);
    });
    return sent;
  }

  resolve(): Promise<void> {
    if (!this.outcome) this.send();
    return this.outcome!;
  }

  async withRead<T>(read: SQL): Promise<D1Result<T>> {
    if (this.outcome) {
      await this.outcome;
      return d1Statement(this.db, read).run<T>();
    }
    const sent = this.send<T>(read);
    await this.outcome;
    return (await sent).read!;
  }
}

/**
 * Here only what needs no database: no token, a bad checksum or a bad JWT is a 401 at once. The checks keep their
 * order (401, 403, then validation, then 404): a request that ends without the batch (failed validation, an error)
 * has its lookup run alone before the response leaves, and a failing check's 401/403 replaces that response. A
 * store this isolate has not placed yet costs one directory read first; a PAT that the store's database does not
 * have is looked for through the token index (`patElsewhere`), an integration key likewise (`integrationElsewhere`). Read-only routes only: the handler starts before the
 * caller is known.
 */
export const batchedStoreAccess =
  (permission: Permission): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const raw = bearerToken(c);
    const storeId = c.req.param("store_id") ?? "";
    // A malformed store id is a 404 after the token check: storeAccess answers that.
    if (!isUuid(storeId)) return storeAccess(permission)(c, next);
    // What needs no database first: a bad checksum or a bad JWT is a 401 before any query.
    const isKey = isStoreKey(raw);
    const isIntegration = raw.startsWith(INTEGRATION_PREFIX);
    const hash = isIntegration ? await integrationKeyHash(raw) : isKey ? await patHash(raw) : "";
    const principal = isKey ? null : await verifyJwt(c.env, raw);
    // A store no database holds is a 403 (or a 401) from storeAccess, which does not need the store's database.
    const placement = await placementOf(c.env, storeId);
    if (!placement) return storeAccess(permission)(c, next);
    let pending: PendingAccess;
    // The store's budget, started once the batch has shown the caller may read: it runs beside the handler's own
    // work on the rows, and its 429 replaces the response (nothing was changed: read-only routes).
    let store: Spending = null;
    // A key's row from a database its store has left is not the word (./lookups.ts `foundElsewhere`).
    const here = <Row extends { storeState: HereState }>(row: Row | null, shard: string) =>
      row && !left(row.storeState) ? { row, binding: shardBinding(c.env, shard) } : null;
    if (isIntegration) {
      const credential = integrationBudget(c, hash);
      pending = new PendingStoreAccess<IntegrationRow>(c, placement, integrationOn(storeId, hash), async (row, shard) => {
        admitIntegration(c, here(row, shard) ?? (await integrationElsewhere(c, hash, shard)));
        store = await admitToStore(c, credential, keyAccess(c, storeId), permission);
      });
    } else if (isKey) {
      const credential = patBudget(c, hash);
      pending = new PendingStoreAccess<PatRow>(c, placement, patOn(storeId, hash), async (row, shard) => {
        admitPat(c, here(row, shard) ?? (await patElsewhere(c, hash, shard)));
        store = await admitToStore(c, credential, keyAccess(c, storeId), permission);
      });
    } else {
      const jwt = principal!;
      const credential = userBudget(c, jwt);
      const session = sessionCheck(c, jwt);
      pending = new PendingStoreAccess<MembershipRow>(c, placement, membershipLookup(storeId, jwt), async (row) => {
        admitSession(jwt, await session);
        c.set("principal", jwt);
        store = await admitToStore(c, credential, membershipAccess(storeId, row), permission);
      });
    }
    c.set("pendingAccess", pending);
    await next();
    if (!pending.sent) await pending.resolve();
    await within(store, "store");
  };

/** Runs a read-only route's one read: with its pending access check when there is one (`batchedStoreAccess`). */
export function withAuthBatch<T>(ctx: StoreReadCtx, query: SQL): Promise<D1Result<T>> {
  return ctx.access ? ctx.access.withRead<T>(query) : d1Statement(ctx.db, query).run<T>();
}
