// Which URLs a webhook may target. A deployment refuses plain http and any host that resolves to the
// deployment's own network (loopback, private, link-local, cloud metadata); local development allows them so a
// receiver on 127.0.0.1 works. Credentials in the URL are refused everywhere: they would leak into logs.

export interface UrlRules {
  allowPrivate: boolean;
}

const MAX_URL_LENGTH = 2048;
const BLOCKED_HOSTNAMES = new Set(["localhost", "metadata", "metadata.google.internal", "instance-data"]);
const BLOCKED_SUFFIXES = [".localhost", ".local", ".internal", ".localdomain"];

/** The reason `raw` is not an acceptable webhook URL, or null when it is. */
export function webhookUrlProblem(raw: string, rules: UrlRules): string | null {
  if (raw.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "must be an absolute http(s) URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "must be an absolute http(s) URL";
  if (url.username || url.password) return "must not contain credentials";
  if (rules.allowPrivate) return null;
  if (url.protocol !== "https:") return "must use https";
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (BLOCKED_HOSTNAMES.has(host) || BLOCKED_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    return "must not target a local or internal host";
  }
  if (host.startsWith("[")) {
    if (isPrivateIpv6(host.slice(1, -1))) return "must not target a private, loopback or link-local address";
  } else if (/^[\d.]+$/.test(host)) {
    // WHATWG URL parsing already normalised decimal, octal and hex IPv4 forms to dotted quads.
    if (isPrivateIpv4(host)) return "must not target a private, loopback or link-local address";
  }
  return null;
}

function ipv4Octets(host: string): number[] | null {
  const parts = host.split(".").map(Number);
  return parts.length === 4 && parts.every((n) => Number.isInteger(n) && n >= 0 && n <= 255) ? parts : null;
}

function isPrivateIpv4(host: string): boolean {
  const o = ipv4Octets(host);
  if (!o) return true; // not a well-formed address: refuse rather than guess
  const [a, b] = o;
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata (169.254.169.254)
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && o[2] === 0) ||
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast, reserved, broadcast
  );
}

function isPrivateIpv6(host: string): boolean {
  const h = host.toLowerCase();
  if (h === "::" || h === "::1") return true;
  // IPv4-mapped (::ffff:a.b.c.d, which URL parsing writes as ::ffff:xxxx:xxxx): judge the embedded address.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(h);
  if (mapped) {
    const hi = parseInt(mapped[1], 16);
    const lo = parseInt(mapped[2], 16);
    return isPrivateIpv4(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  const first = parseInt(h.split(":")[0] || "0", 16);
  return (
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xff00) === 0xff00 || // multicast
    h.startsWith("64:ff9b:") || // NAT64 can reach IPv4 private ranges
    h.startsWith("fd00:ec2::") // AWS metadata (inside fc00::/7 already; named for the reader)
  );
}
