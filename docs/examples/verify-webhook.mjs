// A webhook receiver that verifies every delivery with the `standardwebhooks` package and drops duplicates by
// `webhook-id` (docs/webhooks.md "For people who write receivers"). Run it:
//
//   npm install standardwebhooks
//   WEBHOOK_SECRET='whsec_...' PORT=3000 node docs/examples/verify-webhook.mjs
//
// then register http://your-host:3000/webhooks with that secret. It prints one JSON line per verified event.
// (`npm run test:e2e` runs this very file against a real signed delivery: test/e2e/webhook-operations.e2e.mjs.)
import { createServer } from "node:http";
import { Webhook } from "standardwebhooks";

const secret = process.env.WEBHOOK_SECRET;
if (!secret) throw new Error("Set WEBHOOK_SECRET to the endpoint's signing secret");

// A whsec_<base64> secret works as it is; any other secret is its UTF-8 bytes, with the raw-key option.
const webhook = secret.startsWith("whsec_") ? new Webhook(secret) : new Webhook(new TextEncoder().encode(secret), { format: "raw" });

// Event ids already handled. Retries, replays and recoveries send the same event again with the same webhook-id:
// keep this in your database (a unique key), not in memory, so a restart does not forget it.
const seen = new Set();

const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    // Verify the raw bytes exactly as received: parsing and re-serialising the JSON would change them.
    const body = Buffer.concat(chunks).toString("utf8");
    let event;
    try {
      // Checks the signature (any of the space-separated v1 signatures may match: during a secret rotation there
      // are two) and that webhook-timestamp is within 5 minutes of now, which stops a replayed capture.
      event = webhook.verify(body, req.headers);
    } catch (error) {
      res.writeHead(400).end("invalid signature");
      console.error(JSON.stringify({ rejected: String(error.message ?? error) }));
      return;
    }
    const id = req.headers["webhook-id"];
    const duplicate = seen.has(id);
    seen.add(id);
    // Answer 2xx fast (within 10 s), and do slow work afterwards: anything else is a failed attempt.
    res.writeHead(204).end();
    // Answering 410 Gone instead would disable the subscription at once: do that only for an endpoint gone for good.
    console.log(JSON.stringify({ verified: true, duplicate, id, event: event.event, data: event.data }));
  });
});

const port = Number(process.env.PORT ?? 3000);
server.listen(port, () => console.log(JSON.stringify({ listening: port })));
