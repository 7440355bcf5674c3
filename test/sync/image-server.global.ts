// A real HTTP server for the Shopify import tests (vitest globalSetup, in Node): the Worker fetches `Image Src` URLs
// from it over loopback, as it would fetch a merchant's CDN. Its address reaches the tests through
// `inject("imageServer")`. Paths:
//   /img/w<N>.png        a real PNG, N px wide and 8 px high (tests tell images apart by their width)
//   /redirect/w<N>.png   302 to /img/w<N>.png
//   /missing.png         404
//   /not-an-image.png    200 with text
//   /big.png             a PNG signature followed by more than 20 MiB, chunked (no Content-Length)
//   /declared-big.png    Content-Length of 30 MiB
//   /slow.png            headers only, then nothing for 10 s
//   /__hits?url=<path>   how many times <path> (with its query) was requested
//   /gate/<tag>/w<N>.png a real PNG like /img/, held back until /__open?tag=<tag> (a slow CDN the test controls)
//   /__arrived?tag=<tag> how many /gate/<tag>/ requests have arrived so far (held or answered)
import { createServer } from "node:http";
import type { TestProject } from "vitest/node";
// @ts-expect-error: a plain .mjs module without types
import { gradientPng } from "../../scripts/lib/png.mjs";

/** An RGB PNG, `width` × `height`, filled with a gradient. */
export const png = (width: number, height = 8): Buffer => gradientPng(width, height);

export default async function setup(project: TestProject) {
  const hits = new Map<string, number>();
  const gates = new Map<string, { arrived: number; open: boolean; held: Array<() => void> }>();
  const gate = (tag: string) => {
    let g = gates.get(tag);
    if (!g) {
      g = { arrived: 0, open: false, held: [] };
      gates.set(tag, g);
    }
    return g;
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/__hits") {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(hits.get(url.searchParams.get("url") ?? "") ?? 0));
      return;
    }
    if (url.pathname === "/__arrived") {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(gate(url.searchParams.get("tag") ?? "").arrived));
      return;
    }
    if (url.pathname === "/__open") {
      const g = gate(url.searchParams.get("tag") ?? "");
      g.open = true;
      for (const release of g.held.splice(0)) release();
      res.writeHead(200).end("open");
      return;
    }
    const key = `${url.pathname}${url.search}`;
    hits.set(key, (hits.get(key) ?? 0) + 1);
    const gated = url.pathname.match(/^\/gate\/([\w-]+)\/w(\d+)\.png$/);
    const image = url.pathname.match(/^\/img\/w(\d+)\.png$/);
    const redirect = url.pathname.match(/^\/redirect\/w(\d+)\.png$/);
    if (gated) {
      const g = gate(gated[1]);
      g.arrived++;
      const body = png(Number(gated[2]));
      const answer = () => res.writeHead(200, { "Content-Type": "image/png", "Content-Length": body.length }).end(body);
      if (g.open) answer();
      else g.held.push(answer);
    } else if (image) {
      const body = png(Number(image[1]));
      res.writeHead(200, { "Content-Type": "image/png", "Content-Length": body.length }).end(body);
    } else if (redirect) {
      res.writeHead(302, { Location: `/img/w${redirect[1]}.png${url.search}` }).end();
    } else if (url.pathname === "/not-an-image.png") {
      res.writeHead(200, { "Content-Type": "image/png" }).end("this is text, whatever the name says");
    } else if (url.pathname === "/big.png") {
      res.writeHead(200, { "Content-Type": "image/png" });
      const block = Buffer.alloc(1024 * 1024, 7);
      res.write(png(4).subarray(0, 16));
      for (let i = 0; i < 21; i++) res.write(block);
      res.end();
    } else if (url.pathname === "/declared-big.png") {
      // Only the start of what the header promises; the connection is dropped later (the importer has stopped reading).
      res.writeHead(200, { "Content-Type": "image/png", "Content-Length": String(30 * 1024 * 1024) });
      res.write(png(4));
      setTimeout(() => res.destroy(), 5000).unref();
    } else if (url.pathname === "/broken.png") {
      // The connection dies after the first bytes of the body.
      res.writeHead(200, { "Content-Type": "image/png", "Content-Length": "4096" });
      res.write(png(4).subarray(0, 16), () => res.destroy());
    } else if (url.pathname === "/slow.png") {
      res.writeHead(200, { "Content-Type": "image/png" });
      res.write(png(4).subarray(0, 8));
      setTimeout(() => res.end(), 10_000).unref();
    } else res.writeHead(404).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("image server has no port");
  project.provide("imageServer", `http://127.0.0.1:${address.port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

declare module "vitest" {
  export interface ProvidedContext {
    imageServer: string;
  }
}
