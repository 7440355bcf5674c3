// Webhook operations end to end (docs/webhooks.md): `npm run dev` plus real Node receivers on 127.0.0.1.
// Every attempt is a real try: a receiver whose keep-alive timeout (1 s) is shorter than the 2 s back-off gets
// every attempt, and one that resets every connection gets three failed attempts recorded, no more. A test event,
// recovering after a receiver's outage, and a 410 Gone that disables the subscription, verified with the
// standardwebhooks package. Bounded: about a minute and a half.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { createInterface } from "node:readline";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, api, startDev, until } from "./harness.mjs";

// Ports: E2E_PORT (dev server, default 8794) and E2E_RECEIVER_PORT + 1.. (receivers, default 9151..).
const PORT = Number(process.env.E2E_PORT ?? 8794);
const RECEIVER_BASE = Number(process.env.E2E_RECEIVER_PORT ?? 9150) + 1;
const SECRET = `whsec_${Buffer.from("e2e-standard-webhooks-key-0123").toString("base64")}`;
const verifier = new Webhook(SECRET);
const persistDir = mkdtempSync(path.join(tmpdir(), "e2e-webhook-ops-"));
let server;
const receivers = [];

/** A plain Node receiver: `answer(req, res, n)` for the n-th request (from 1); records path, headers, body, time. */
async function receiver(port, answer, setup = () => {}) {
  const received = [];
  // Requests each connection has carried before this one (a reused keep-alive connection has carried some).
  const served = new WeakMap();
  const http = createServer((req, res) => {
    const chunks = [];
    const before = served.get(req.socket) ?? 0;
    served.set(req.socket, before + 1);
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url, at: Date.now(), headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), reused: before > 0 });
      answer(req, res, received.length, before > 0);
    });
  });
  setup(http);
  http.listen(port, "127.0.0.1");
  await once(http, "listening");
  const handle = {
    received,
    url: (p) => `http://127.0.0.1:${port}${p}`,
    close: () => {
      http.closeAllConnections();
      return new Promise((r) => http.close(r));
    },
  };
  receivers.push(handle);
  return handle;
}

beforeAll(async () => {
  server = await startDev({ port: PORT, persistDir });
});

afterAll(async () => {
  await server?.stop();
  for (const r of receivers) await r.close();
  rmSync(persistDir, { recursive: true, force: true });
});

const as = (owner) => (method, p, body) => api(server.base, method, p, { token: owner.token, body });

async function subscribe(call, owner, url, events = ["customers.created"]) {
  const res = await call("POST", `/stores/${owner.storeId}/webhooks`, { url, events, secret: SECRET });
  expect(res.status).toBe(201);
  return res.body.data[0];
}

const newCustomer = (call, owner) => call("POST", `/stores/${owner.storeId}/customers`, { email: `c-${Math.random().toString(36).slice(2)}@example.test` });

/** Every delivery of the subscription with its attempts, once `count` of them have ended `status`. */
async function finished(call, owner, hook, count, status = "failed") {
  const list = await until(
    async () => {
      const res = await call("GET", `/stores/${owner.storeId}/webhooks/${hook.id}/deliveries?status=${status}&limit=100`);
      return res.body.data.length >= count && res.body.data;
    },
    40_000,
    `${count} ${status} deliveries of ${hook.url}`,
  );
  return Promise.all(list.map(async (d) => (await call("GET", `/stores/${owner.storeId}/webhooks/${hook.id}/deliveries/${d.id}`)).body));
}

describe("An attempt is a real try: a reused connection the receiver had closed is not a spent attempt", () => {
  it("a receiver with a 1 s keep-alive timeout answering 500 gets all three attempts of six deliveries at once", async () => {
    const owner = await account(server.base);
    const call = as(owner);
    const r = await receiver(
      RECEIVER_BASE,
      (_req, res) => res.writeHead(500).end("boom"),
      (http) => (http.keepAliveTimeout = 1000),
    );
    const hook = await subscribe(call, owner, r.url("/keep-alive"));
    await Promise.all(Array.from({ length: 6 }, () => newCustomer(call, owner)));
    const deliveries = await finished(call, owner, hook, 6);
    for (const d of deliveries) {
      expect(d.attempts.map((a) => [a.attempt, a.response_status, a.error])).toEqual([
        [1, 500, "HTTP 500"],
        [2, 500, "HTTP 500"],
        [3, 500, "HTTP 500"],
      ]);
    }
    // Every attempt arrived: 3 of 3 for each delivery.
    const byAttempt = (n) => r.received.filter((x) => x.headers["x-webhook-attempt"] === String(n)).length;
    expect([byAttempt(1), byAttempt(2), byAttempt(3)]).toEqual([6, 6, 6]);
  });

  it("a request that dies on a reused connection before any response is sent again on a fresh one, in the same attempt", async () => {
    const owner = await account(server.base);
    const call = as(owner);
    // The race made certain: a connection the receiver has answered on before is dropped as the next request
    // arrives on it, without a response (as a keep-alive timeout closing it just then would); a fresh one gets 500.
    const r = await receiver(RECEIVER_BASE + 2, (req, res, _n, reused) => (reused ? req.socket.destroy() : res.writeHead(500).end("boom")));
    const hook = await subscribe(call, owner, r.url("/drop-reused"));
    await Promise.all(Array.from({ length: 3 }, () => newCustomer(call, owner)));
    const deliveries = await finished(call, owner, hook, 3);
    for (const d of deliveries)
      expect(d.attempts.map((a) => [a.attempt, a.response_status])).toEqual([
        [1, 500],
        [2, 500],
        [3, 500],
      ]);
    const answered = r.received.filter((x) => !x.reused);
    expect(answered).toHaveLength(9);
  });

  it("a receiver that destroys every connection: three failed attempts recorded, no more", async () => {
    const owner = await account(server.base);
    const call = as(owner);
    const r = await receiver(RECEIVER_BASE + 1, (req) => req.socket.destroy());
    const hook = await subscribe(call, owner, r.url("/reset"));
    await newCustomer(call, owner);
    const [delivery] = await finished(call, owner, hook, 1);
    expect(delivery.attempt_count).toBe(3);
    expect(delivery.attempts.map((a) => [a.attempt, a.response_status])).toEqual([
      [1, null],
      [2, null],
      [3, null],
    ]);
    for (const a of delivery.attempts) expect(a.error).toBeTruthy();
    // Each attempt is at most seven sends (lost connections are sent again at once), and nothing follows the third.
    await new Promise((res) => setTimeout(res, 3000));
    const byAttempt = (n) => r.received.filter((x) => x.headers["x-webhook-attempt"] === String(n)).length;
    for (const n of [1, 2, 3]) expect(byAttempt(n)).toBeGreaterThanOrEqual(1);
    for (const n of [1, 2, 3]) expect(byAttempt(n)).toBeLessThanOrEqual(7);
    expect(r.received).toHaveLength(byAttempt(1) + byAttempt(2) + byAttempt(3));
  });
});

/** A receiver answering `status()` (changeable while it runs), verifying every request with standardwebhooks. */
async function verifyingReceiver(port, status) {
  const r = await receiver(port, (_req, res) => res.writeHead(status()).end());
  const events = () =>
    r.received.map((x) => {
      const envelope = verifier.verify(x.body, x.headers);
      expect(envelope.id).toBe(x.headers["webhook-id"]);
      return envelope;
    });
  return { ...r, events };
}

describe("A test event, through the normal pipeline", () => {
  it("POST .../test delivers a signed webhook.test with {webhook_id, url}", async () => {
    const owner = await account(server.base);
    const call = as(owner);
    const r = await verifyingReceiver(RECEIVER_BASE + 3, () => 200);
    const hook = await subscribe(call, owner, r.url("/test"), ["orders.created"]);
    const res = await call("POST", `/stores/${owner.storeId}/webhooks/${hook.id}/test`);
    expect(res.status).toBe(202);
    await until(async () => r.received.length === 1, 15_000, "the test event");
    expect(r.events()[0]).toMatchObject({ event: "webhook.test", store_id: owner.storeId, data: { webhook_id: hook.id, url: r.url("/test") } });
    const [delivery] = await finished(call, owner, hook, 1, "delivered");
    expect(delivery.id).toBe(res.body.delivery_id);
  });
});

describe("docs/examples/verify-webhook.mjs, run as written, verifies a real delivery and spots the duplicate", () => {
  it("prints the verified test event, then the replayed one as a duplicate", async () => {
    const owner = await account(server.base);
    const call = as(owner);
    const port = RECEIVER_BASE + 6;
    // A plain secret this time: the example takes both forms.
    const secret = "a-plain-example-secret-0123";
    const child = spawn(process.execPath, ["docs/examples/verify-webhook.mjs"], {
      env: { ...process.env, WEBHOOK_SECRET: secret, PORT: String(port) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const lines = [];
    createInterface({ input: child.stdout }).on("line", (line) => lines.push(JSON.parse(line)));
    try {
      await until(async () => lines.some((l) => l.listening === port), 15_000, "the example to listen");
      const res = await call("POST", `/stores/${owner.storeId}/webhooks`, { url: `http://127.0.0.1:${port}/webhooks`, events: ["orders.created"], secret });
      const hook = res.body.data[0];
      const test = await call("POST", `/stores/${owner.storeId}/webhooks/${hook.id}/test`);
      const first = await until(async () => lines.find((l) => l.verified), 15_000, "the verified test event");
      expect(first).toMatchObject({ duplicate: false, event: "webhook.test", data: { webhook_id: hook.id } });
      await finished(call, owner, hook, 1, "delivered");
      await call("POST", `/stores/${owner.storeId}/webhooks/${hook.id}/deliveries/${test.body.delivery_id}/replay`);
      const again = await until(async () => lines.filter((l) => l.verified)[1], 15_000, "the replayed test event");
      expect(again).toMatchObject({ duplicate: true, id: first.id });
    } finally {
      child.kill();
    }
  });
});

describe("Recover after a receiver's outage", () => {
  it("every delivery that failed during the outage is replayed, oldest first, and delivered", async () => {
    const owner = await account(server.base);
    const call = as(owner);
    let down = true;
    const r = await verifyingReceiver(RECEIVER_BASE + 4, () => (down ? 503 : 200));
    const hook = await subscribe(call, owner, r.url("/outage"));
    const since = new Date().toISOString();
    for (let i = 0; i < 3; i++) expect((await newCustomer(call, owner)).status).toBe(201);
    const failed = await finished(call, owner, hook, 3, "failed");
    down = false;
    const res = await call("POST", `/stores/${owner.storeId}/webhooks/${hook.id}/recover`, { since });
    expect([res.status, res.body]).toEqual([202, { replayed: 3 }]);
    await finished(call, owner, hook, 3, "delivered");
    const replayed = r.events().slice(9);
    // Each failed event once more, byte for byte, in the order the originals were made.
    const oldestFirst = [...failed].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    expect(replayed.map((e) => e.id)).toEqual(oldestFirst.map((d) => d.event_id));
    expect(r.received.slice(9).map((x) => x.body)).toEqual(oldestFirst.map((d) => d.payload));
    // Nothing is left to recover.
    expect((await call("POST", `/stores/${owner.storeId}/webhooks/${hook.id}/recover`, { since })).body).toEqual({ replayed: 0 });
  });
});

describe("410 Gone disables the subscription at once", () => {
  it("one attempt, then disabled as gone; no new deliveries until it is enabled again", async () => {
    const owner = await account(server.base);
    const call = as(owner);
    let gone = true;
    const r = await verifyingReceiver(RECEIVER_BASE + 5, () => (gone ? 410 : 200));
    const hook = await subscribe(call, owner, r.url("/gone"));
    await newCustomer(call, owner);
    const [delivery] = await finished(call, owner, hook, 1, "failed");
    expect(delivery.attempts.map((a) => a.response_status)).toEqual([410]);
    const got = (await call("GET", `/stores/${owner.storeId}/webhooks/${hook.id}`)).body;
    expect(got).toMatchObject({ active: false, disabled_reason: "gone" });
    await newCustomer(call, owner);
    await new Promise((res) => setTimeout(res, 2000));
    expect(r.received).toHaveLength(1);

    gone = false;
    const enabled = await call("PATCH", `/stores/${owner.storeId}/webhooks/${hook.id}`, { active: true });
    expect(enabled.body).toMatchObject({ active: true, disabled_reason: null, disabled_at: null });
    await newCustomer(call, owner);
    await finished(call, owner, hook, 1, "delivered");
    expect(r.events().map((e) => e.event)).toEqual(["customers.created", "customers.created"]);
  });
});
