// Fetching an import's image (docs/api/23-one-call-sync-and-imports.md): the webhook URL rules of sections 8 and 13 as a deployment applies
// them (https only, no private, loopback, link-local or metadata address, no credentials), checked again on every
// redirect hop; a bounded time; at most 20 MiB; the type from the bytes. Against the real image server where the
// rules let a request through, against a scripted fetch where only a public https host would do.
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchImage } from "../../src/sync/shopify/fetch-image";
import { imageServer } from "./shopify-helpers";

afterEach(() => vi.restoreAllMocks());

const deployed = { allowPrivate: false };
const local = { allowPrivate: true };

/** A stand-in for the network: `answer(url)` gives each response. */
function network(answer: (url: string) => Response) {
  const seen: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push(request.url);
    return answer(request.url);
  });
  return seen;
}

describe("a deployment fetches only what the webhook URL rules allow, on every hop", () => {
  it.each([
    ["http://cdn.example.com/a.png", "the URL must use https"],
    ["https://127.0.0.1/a.png", "the URL must not target a private, loopback or link-local address"],
    ["https://169.254.169.254/latest/meta-data", "the URL must not target a private, loopback or link-local address"],
    ["https://[::ffff:10.0.0.1]/a.png", "the URL must not target a private, loopback or link-local address"],
    ["https://metadata.google.internal/a.png", "the URL must not target a local or internal host"],
    ["https://user:secret@cdn.example.com/a.png", "the URL must not contain credentials"],
    ["file:///etc/passwd", "the URL must be an absolute http(s) URL"],
  ])("%s is refused without a request: %s", async (url, message) => {
    const seen = network(() => new Response("never"));
    expect(await fetchImage(url, deployed)).toEqual({ ok: false, message });
    expect(seen).toEqual([]);
  });

  it("a redirect to a private address is refused before it is followed", async () => {
    const seen = network(() => new Response(null, { status: 302, headers: { Location: "http://169.254.169.254/latest/meta-data" } }));
    expect(await fetchImage("https://cdn.example.com/a.png", deployed)).toEqual({
      ok: false,
      message: "it redirects to http://169.254.169.254/latest/meta-data, which must use https",
    });
    expect(seen).toEqual(["https://cdn.example.com/a.png"]);
  });

  it("redirects are followed at most 3 times", async () => {
    let n = 0;
    const seen = network(() => new Response(null, { status: 301, headers: { Location: `https://cdn.example.com/hop-${++n}` } }));
    expect(await fetchImage("https://cdn.example.com/a.png", deployed)).toEqual({ ok: false, message: "more than 3 redirects" });
    expect(seen).toHaveLength(4);
  });
});

describe("time, size and type are bounded by the bytes themselves", () => {
  it("a server that stops answering: no answer within the time", async () => {
    expect(await fetchImage(`${imageServer()}/slow.png`, local, 300)).toEqual({ ok: false, message: "no answer within 0.3 s" });
  });

  it("a PNG is recognised by its bytes whatever it is called; text named .png is not", async () => {
    const png = await fetchImage(`${imageServer()}/img/w9.png?t=fetch`, local);
    expect(png).toMatchObject({ ok: true, contentType: "image/png" });
    expect(await fetchImage(`${imageServer()}/not-an-image.png`, local)).toEqual({ ok: false, message: "not a JPEG, PNG, WebP, AVIF or GIF image" });
  });

  it("a host that does not answer, or a connection that breaks, is said in words (not the runtime's error text)", async () => {
    // Port 1 on loopback: nothing listens there, the connection is refused.
    expect(await fetchImage("http://127.0.0.1:1/a.png", local)).toEqual({ ok: false, message: "the server could not be reached" });
    expect(await fetchImage(`${imageServer()}/broken.png`, local)).toEqual({ ok: false, message: "the connection broke while the image was read" });
  });

  it("more than 20 MiB, declared or streamed, is refused", async () => {
    expect(await fetchImage(`${imageServer()}/declared-big.png`, local)).toEqual({ ok: false, message: "larger than 20 MiB" });
    expect(await fetchImage(`${imageServer()}/big.png`, local)).toEqual({ ok: false, message: "larger than 20 MiB" });
  });
});
