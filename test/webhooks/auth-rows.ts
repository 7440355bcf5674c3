// Authorization matrix rows (test/helpers/auth-matrix.ts) of webhooks (docs/webhooks.md): subscriptions, the event
// list (public), the delivery log, replay, test, recover and secret rotation. Each row subscribes on a URL of its own
// to products.created: changing where a subscription's data goes (PATCH url or secret, rotate-secret, test) also
// needs the event's read bit, which every credential lacking only the route's bit still holds. A stand-in receiver
// answers 204 on these URLs (the deliveries that test and replay queue). Run by test/security/authorization-matrix.test.ts.
import { type MatrixStore, type MatrixRows, matrixRow } from "../helpers/auth-matrix";
import { call } from "../helpers/api";
import { SECRET, insertDelivery, scriptedReceiver, whsecSecret } from "./support";

const RECEIVER = "http://127.0.0.1:9199/matrix/";
const url = () => `${RECEIVER}${crypto.randomUUID()}`;
/** A spy on fetch for RECEIVER's URLs only, installed with the first subscription, for the rest of the test file. */
let receiving = false;

async function hook(store: MatrixStore) {
  if (!receiving) scriptedReceiver(RECEIVER, [204]);
  receiving = true;
  const res = await call("POST", `/stores/${store.id}/webhooks`, {
    token: store.adminToken,
    body: { url: url(), events: ["products.created"], secret: SECRET },
  });
  if (res.status !== 201) throw new Error(`subscribe failed: ${res.status} ${res.text}`);
  return res.body.data[0] as { id: string };
}

/** A subscription with one delivered delivery (written straight to the database: no queue message). */
async function hookWithDelivery(store: MatrixStore) {
  const subscription = await hook(store);
  const delivery = await insertDelivery(store.id, subscription.id, { status: "delivered", event: "products.created" });
  return { hook: subscription, delivery };
}

const one =
  (suffix = "") =>
  (storeId: string, h: { id: string }) =>
    `/stores/${storeId}/webhooks/${h.id}${suffix}`;
const ofDelivery =
  (suffix = "") =>
  (storeId: string, f: Awaited<ReturnType<typeof hookWithDelivery>>) =>
    `/stores/${storeId}/webhooks/${f.hook.id}/deliveries/${f.delivery.id}${suffix}`;

export const webhookRows: MatrixRows = {
  createWebhook: matrixRow({
    path: "/stores/{store_id}/webhooks",
    body: () => ({ url: url(), events: ["products.created"], secret: SECRET }),
    expectAllowed: 201,
  }),
  listWebhooks: matrixRow({ path: "/stores/{store_id}/webhooks", expectAllowed: 200 }),
  getWebhook: matrixRow({ setup: hook, path: one(), expectAllowed: 200 }),
  updateWebhook: matrixRow({ setup: hook, path: one(), body: () => ({ url: url(), secret: whsecSecret() }), expectAllowed: 200 }),
  deleteWebhook: matrixRow({ setup: hook, path: one(), expectAllowed: 204 }),
  listWebhookEvents: matrixRow({ path: "/webhook-events", expectAllowed: 200 }),

  listStoreWebhookDeliveries: matrixRow({ setup: hookWithDelivery, path: "/stores/{store_id}/webhook-deliveries", expectAllowed: 200 }),
  listWebhookDeliveries: matrixRow({ setup: hookWithDelivery, path: (s, f) => one("/deliveries")(s, f.hook), expectAllowed: 200 }),
  getWebhookDelivery: matrixRow({ setup: hookWithDelivery, path: ofDelivery(), expectAllowed: 200 }),
  replayWebhookDelivery: matrixRow({ setup: hookWithDelivery, path: ofDelivery("/replay"), expectAllowed: 202 }),

  sendWebhookTest: matrixRow({ setup: hook, path: one("/test"), expectAllowed: 202 }),
  recoverWebhookDeliveries: matrixRow({
    setup: hook,
    path: one("/recover"),
    body: () => ({ since: new Date(Date.now() - 3_600_000).toISOString() }),
    expectAllowed: 202,
  }),
  rotateWebhookSecret: matrixRow({ setup: hook, path: one("/rotate-secret"), body: () => ({ secret: whsecSecret() }), expectAllowed: 200 }),
};
