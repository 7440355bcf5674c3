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

/** The eight 16-bit groups of an IPv6 address as the URL parser writes it (no embedded dotted quad), or null. */
function ipv6Groups(host: string): number[] | null {
  const halves = host.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 2 ? missing < 1 : missing !== 0) || [...head, ...tail].some(Number.isNaN)) return null;
  return [...head, ...Array(missing).fill(0), ...tail];
}

const quad = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

function isPrivateIpv6(host: string): boolean {
  const g = ipv6Groups(host.toLowerCase());
  if (!g) return true; // not a well-formed address: refuse rather than guess
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  // An IPv4 address written inside IPv6 is judged as that IPv4 address (docs/api/13-security.md):
  // IPv4-compatible ::a.b.c.d (the URL parser writes ::7f00:1; this also covers :: and ::1), IPv4-mapped
  // ::ffff:a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d, and 6to4 2002:AABB:CCDD::/48 (2002::/16).
  if (zeros(6)) return isPrivateIpv4(quad(g[6], g[7]));
  if (zeros(5) && g[5] === 0xffff) return isPrivateIpv4(quad(g[6], g[7]));
  if (zeros(4) && g[4] === 0xffff && g[5] === 0) return isPrivateIpv4(quad(g[6], g[7]));
  if (g[0] === 0x2002) return isPrivateIpv4(quad(g[1], g[2]));
  const first = g[0];
  return (
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7 (AWS metadata fd00:ec2::254 included)
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xff00) === 0xff00 || // multicast
    (first === 0x64 && g[1] === 0xff9b) // NAT64 64:ff9b::/96 and 64:ff9b:1::/48 can reach IPv4 private ranges
  );
}
