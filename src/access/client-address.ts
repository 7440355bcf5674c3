// The client's address as the per-IP budgets count it (docs/api/11-limits-retries-sessions.md and docs/api/13-security.md): CF-Connecting-IP, set by
// Cloudflare's edge, with an IPv6 address cut to its /64. One subscriber is usually handed a whole /64, so counting
// single IPv6 addresses would let a client multiply every per-IP budget by rotating through its own prefix.
import type { Context } from "hono";
import type { AppEnv } from "../lib/types";

/** The budget key of an address: IPv4 as written, IPv6 as its /64 prefix (`2001:db8:0:1::/64`). */
export function addressKey(address: string): string {
  if (!address.includes(":")) return address;
  const groups = ipv6Groups(address.toLowerCase().split("%")[0]);
  if (!groups) return address;
  // An IPv4-mapped address (::ffff:a.b.c.d) is that IPv4 client: all of them share one /64 otherwise.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a textual IPv6 address (with `::` and a trailing dotted IPv4), or null. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    for (const piece of part.split(":")) {
      if (/^\d{1,3}(\.\d{1,3}){3}$/.test(piece)) {
        const [a, b, c, d] = piece.split(".").map(Number);
        if ([a, b, c, d].some((n) => n > 255)) return null;
        out.push((a << 8) | b, (c << 8) | d);
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) out.push(parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  return [...head, ...Array(missing).fill(0), ...tail];
}

/** The request's budget key. Without CF-Connecting-IP (local runs) every request is one address. */
export const clientAddress = (c: Context<AppEnv>) => addressKey(c.req.header("CF-Connecting-IP") ?? "local");
