// Webhook subscriptions: register (one row per event, all or nothing), list, read, update, delete.
// Secrets are encrypted before they reach D1 and never leave it in a response.
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { webhooks } from "../db/schema";
import { type AuditAction, auditEntry } from "../lib/audit";
import { allowPrivateWebhookUrls } from "../lib/config";
import type { StoreCtx } from "../lib/context";
import { isUniqueViolation } from "../lib/db";
import { conflict, invalidField, limitExceeded, notFound } from "../lib/errors";
import { exists, guarded, stillExists, withinCap } from "../lib/guards";
import { isUuid, nowIso, uuidv7 } from "../lib/ids";
import { commit } from "../events/outbox";
import type { EventName } from "../events/names";
import type { Page } from "../lib/pagination";
import { type ApiVersion, CURRENT_VERSION } from "../lib/api-versions";
import { assertMayDirect } from "./read-bits";
import { encryptSecret } from "./secrets";
import { webhookUrlProblem } from "./url-rules";

type WebhookRow = typeof webhooks.$inferSelect;

export const toWebhook = (w: WebhookRow) => ({
  id: w.id,
  store_id: w.storeId,
  url: w.url,
  event: w.event,
  active: w.active,
  created_at: w.createdAt,
  updated_at: w.updatedAt,
  last_delivery_at: w.lastDeliveryAt,
  last_delivery_status: w.lastDeliveryStatus,
  consecutive_failures: w.consecutiveFailures,
  // Only while the overlap lasts: after it the previous secret signs nothing.
  previous_secret_expires_at: w.previousSecretExpiresAt && w.previousSecretExpiresAt > nowIso() ? w.previousSecretExpiresAt : null,
  disabled_reason: w.disabledReason,
  disabled_at: w.disabledAt,
  api_version: w.apiVersion,
});

const DUPLICATE_PAIR = "A subscription for this event and URL already exists";

const chunk = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** docs/api/13-security.md. */
export const WEBHOOKS_PER_STORE_CAP = 100;

const webhookStillThere = (ctx: StoreCtx, id: string) =>
  stillExists(ctx.db, exists(sql`${webhooks}`, and(eq(webhooks.id, id), eq(webhooks.storeId, ctx.store.storeId))!));

function assertAcceptableUrl(ctx: StoreCtx, url: string) {
  const problem = webhookUrlProblem(url, { allowPrivate: allowPrivateWebhookUrls(ctx.env) });
  if (problem) throw invalidField("url", problem);
}

export async function createWebhooks(ctx: StoreCtx, input: { url: string; events: EventName[]; secret: string; api_version?: ApiVersion }) {
  // Before anything is written: subscribing to an event is sending its data somewhere.
  assertMayDirect(ctx, input.events, "Subscribing to");
  assertAcceptableUrl(ctx, input.url);
  const secretCiphertext = await encryptSecret(ctx.env, input.secret);
  const now = nowIso();
  // A repeated name in `events` names the same pair once.
  const rows: WebhookRow[] = [...new Set(input.events)].map((event) => ({
    id: uuidv7(),
    storeId: ctx.store.storeId,
    url: input.url,
    event,
    secretCiphertext,
    active: true,
    createdAt: now,
    updatedAt: now,
    lastDeliveryAt: null,
    lastDeliveryStatus: null,
    consecutiveFailures: 0,
    previousSecretCiphertext: null,
    previousSecretExpiresAt: null,
    disabledReason: null,
    disabledAt: null,
    failingSince: null,
    apiVersion: input.api_version ?? CURRENT_VERSION,
  }));
  try {
    // One batch (with the request's idempotency key, if any): an existing pair fails the unique index and nothing
    // is created.
    const stored = sql`(SELECT count(*) FROM ${webhooks} WHERE ${webhooks.storeId} = ${ctx.store.storeId})`;
    await guarded(
      commit(ctx, [
        // Counted in the insert's own batch: concurrent registrations cannot pass the cap.
        withinCap(ctx.db, sql`${stored} + ${rows.length} <= ${WEBHOOKS_PER_STORE_CAP}`),
        // D1 binds at most 100 parameters per statement and a row binds 17: one insert per 5 rows (a request
        // naming every event was a 500 before).
        ...chunk(rows, 5).map((part) => ctx.db.insert(webhooks).values(part)),
        ...rows.map((row) => auditEntry(ctx, "webhook.create", "webhook", row.id)),
      ]),
      { limit: () => limitExceeded(`A store has at most ${WEBHOOKS_PER_STORE_CAP} webhook subscriptions`) },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_PAIR);
    throw error;
  }
  return rows.map(toWebhook);
}

export async function listWebhooks(ctx: StoreCtx, page: Page, filter: { event?: string; url?: string }) {
  const conditions: SQL[] = [eq(webhooks.storeId, ctx.store.storeId)];
  if (filter.event) conditions.push(eq(webhooks.event, filter.event));
  if (filter.url) conditions.push(eq(webhooks.url, filter.url));
  const where = and(...conditions);
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db.select().from(webhooks).where(where).orderBy(desc(webhooks.createdAt), desc(webhooks.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ total: count() }).from(webhooks).where(where),
  ]);
  return { data: rows.map(toWebhook), total };
}

export async function findWebhook(ctx: StoreCtx, id: string): Promise<WebhookRow> {
  const row = isUuid(id) ? await ctx.db.query.webhooks.findFirst({ where: and(eq(webhooks.id, id), eq(webhooks.storeId, ctx.store.storeId)) }) : undefined;
  if (!row) throw notFound("Webhook");
  return row;
}

export const getWebhook = async (ctx: StoreCtx, id: string) => toWebhook(await findWebhook(ctx, id));

export async function updateWebhook(ctx: StoreCtx, id: string, input: { url?: string; secret?: string; active?: boolean; api_version?: ApiVersion }) {
  const row = await findWebhook(ctx, id);
  // A new URL or secret decides who receives the event's data (whoever knows the secret can read it on the way).
  if (input.url !== undefined || input.secret !== undefined) assertMayDirect(ctx, [row.event], "Pointing a subscription to");
  if (input.url !== undefined) assertAcceptableUrl(ctx, input.url);
  const changes: Partial<WebhookRow> = { updatedAt: nowIso() };
  if (input.url !== undefined) changes.url = input.url;
  if (input.active !== undefined) changes.active = input.active;
  if (input.api_version !== undefined) changes.apiVersion = input.api_version;
  // Enabling again clears why the service disabled it, and starts the failing clock afresh.
  if (input.active === true) Object.assign(changes, { disabledReason: null, disabledAt: null, failingSince: null });
  // A new secret by PATCH is a rotation without overlap: the previous one stops signing at once.
  if (input.secret !== undefined) {
    Object.assign(changes, { secretCiphertext: await encryptSecret(ctx.env, input.secret), previousSecretCiphertext: null, previousSecretExpiresAt: null });
  }
  return saveWebhook(ctx, row, changes, "webhook.update");
}

/** Writes `changes` to the subscription with its audit row, in one batch; 404 if it went meanwhile, 409 on a taken pair. */
export async function saveWebhook(ctx: StoreCtx, row: WebhookRow, changes: Partial<WebhookRow>, action: AuditAction) {
  try {
    await guarded(
      ctx.db.batch([
        webhookStillThere(ctx, row.id),
        ctx.db
          .update(webhooks)
          .set(changes)
          .where(and(eq(webhooks.id, row.id), eq(webhooks.storeId, ctx.store.storeId))),
        auditEntry(ctx, action, "webhook", row.id),
      ]),
      { not_found: () => notFound("Webhook") },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_PAIR);
    throw error;
  }
  return toWebhook({ ...row, ...changes });
}

export async function deleteWebhook(ctx: StoreCtx, id: string) {
  const row = await findWebhook(ctx, id);
  // Its deliveries and their attempts go with it (ON DELETE CASCADE).
  await guarded(
    ctx.db.batch([
      // Of concurrent deletes one wins: the others are 404 and write no audit row.
      webhookStillThere(ctx, row.id),
      ctx.db.delete(webhooks).where(and(eq(webhooks.id, row.id), eq(webhooks.storeId, ctx.store.storeId))),
      auditEntry(ctx, "webhook.delete", "webhook", row.id),
    ]),
    { not_found: () => notFound("Webhook") },
  );
}
