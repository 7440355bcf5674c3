// Highlight video provider detection (docs/api/06-products.md): the URL's host decides unless the client names the
// provider. "upload" means a URL of this service's own media route on the same host.
export type VideoProvider = "youtube" | "vimeo" | "upload" | "external";

const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "youtu.be", "youtube-nocookie.com", "www.youtube-nocookie.com"]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);
const OWN_MEDIA_PATH = /^\/media\/[0-9a-f-]{36}\/[0-9a-f-]{36}(\/[a-z]+)?\/?$/;

/** `selfHost` is the host the API is served on (the request's own host). */
export function detectProvider(rawUrl: string, selfHost: string): VideoProvider {
  const url = new URL(rawUrl);
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (YOUTUBE_HOSTS.has(host)) return "youtube";
  if (VIMEO_HOSTS.has(host)) return "vimeo";
  if (url.host.toLowerCase() === selfHost.toLowerCase() && OWN_MEDIA_PATH.test(url.pathname)) return "upload";
  return "external";
}
