// The two loopback HTTP servers `npm run dev` runs for the demo store: the image server that the first start's
// Shopify import fetches the pictures from (scripts/demo/images/), and the webhook receiver that the demo store's
// subscription delivers to, for as long as the dev server runs. Neither may crash the dev server: a listen error
// is returned, not thrown.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";

/** Listens on 127.0.0.1:`port` (0: any free port); resolves to the port, or rejects with the listen error. */
function listen(server, port) {
  return new Promise((resolve, reject) => {
    const fail = (error) => reject(error);
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", fail);
      // Errors after listening (a broken connection) must never reach the process as an unhandled 'error'.
      server.on("error", () => {});
      resolve(server.address().port);
    });
  });
}

/** Serves GET /<file>.png from `dir`, nothing else. */
export async function startImageServer(dir) {
  let served = 0;
  const server = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname.slice(1));
    if (!/^[a-z0-9-]+\.png$/.test(name)) return res.writeHead(404).end();
    let body;
    try {
      body = readFileSync(path.join(dir, name));
    } catch {
      return res.writeHead(404).end();
    }
    served++;
    res.writeHead(200, { "Content-Type": "image/png", "Content-Length": body.length }).end(body);
  });
  const port = await listen(server, 0);
  return {
    base: `http://127.0.0.1:${port}/`,
    served: () => served,
    stop: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A webhook receiver that answers 200 to every POST and counts them; `port` 0 takes a free one. */
export async function startReceiver(port) {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received++;
      res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    });
  });
  const bound = await listen(server, port);
  server.unref();
  return { port: bound, url: `http://127.0.0.1:${bound}/demo-receiver`, received: () => received };
}
