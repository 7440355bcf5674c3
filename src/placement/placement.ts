// Where a new store goes (docs/scale.md section 4): an accepting store database of the creator's region when there
// is one (location hints are configuration: SHARD_LOCATIONS in wrangler.toml maps binding → hint), else any
// accepting one; among those the least full. "Full" is the size D1 last reported, in steps of 100 MB (sizes that
// close are the same for this purpose; measured by each database's maintenance message, `recordShardSize`), then the
// number of stores, then the name: so fresh databases fill evenly.
import { isShard, shardBinding, shardNames } from "./store-db";

const SIZE_STEP_BYTES = 100 * 1024 * 1024;

/** Location hints of D1 (`wrangler d1 create --location`), by Cloudflare's continent code of the request. */
function regionOf(cf: IncomingRequestCfProperties | undefined): string | null {
  switch (cf?.continent) {
    case "EU":
    case "AF":
      return "weur";
    case "NA":
    case "SA":
      return Number(cf.longitude) < -100 ? "wnam" : "enam";
    case "AS":
      return "apac";
    case "OC":
    case "AN":
      return "oc";
    default:
      return null;
  }
}

/** The location hint of each store database, from SHARD_LOCATIONS (a bad value counts as none). */
export function shardLocations(env: Env): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(env.SHARD_LOCATIONS ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The bindings this isolate has already given a `shards` row: registering is one write per isolate, not per call. */
const registered = new Set<string>();

/** A `shards` row for every store database binding (new bindings start accepting). */
export async function registerShards(env: Env): Promise<void> {
  const names = shardNames(env).filter((name) => !registered.has(name));
  if (names.length === 0) return;
  await env.DIRECTORY.batch(names.map((name) => env.DIRECTORY.prepare("INSERT OR IGNORE INTO shards (name) VALUES (?)").bind(name)));
  for (const name of names) registered.add(name);
}

export interface ShardLoad {
  name: string;
  accepting: number;
  size_bytes: number;
  measured_at: string | null;
  stores: number;
}

/**
 * Measures a store database's size (the `size_after` meta D1 returns with any query) and stores it in its `shards`
 * row, for placement and `GET /ops/shards`. Run by that database's maintenance message every minute
 * (src/maintenance/), so neither placement nor the operators' list queries the store databases. Null when the
 * runtime does not report a size: the last stored size stays.
 */
export async function recordShardSize(env: Env, name: string): Promise<number | null> {
  const { meta } = await shardBinding(env, name).prepare("SELECT 1").run();
  const size = (meta as { size_after?: unknown }).size_after;
  if (typeof size !== "number") return null;
  await env.DIRECTORY.prepare("UPDATE shards SET size_bytes = ?, measured_at = ? WHERE name = ?").bind(size, new Date().toISOString(), name).run();
  return size;
}

/** Every store database with its load, as the directory knows it: one directory query, none on the store databases. */
export async function shardLoads(env: Env): Promise<ShardLoad[]> {
  await registerShards(env);
  const { results } = await env.DIRECTORY.prepare(
    `SELECT s.name AS name, s.accepting AS accepting, s.size_bytes AS size_bytes, s.measured_at AS measured_at,
       (SELECT count(*) FROM store_directory d WHERE d.shard = s.name) AS stores
     FROM shards s ORDER BY s.name`,
  ).all<ShardLoad>();
  return results.filter((row) => isShard(env, row.name));
}

/** The store database a new store goes to. */
export async function chooseShard(env: Env, cf?: IncomingRequestCfProperties): Promise<string> {
  const accepting = (await shardLoads(env)).filter((s) => s.accepting);
  if (accepting.length === 0) throw new Error("No store database is accepting new stores");
  const region = regionOf(cf);
  const locations = shardLocations(env);
  const near = accepting.filter((s) => region && locations[s.name] === region);
  const candidates = near.length > 0 ? near : accepting;
  const step = (s: ShardLoad) => Math.floor(s.size_bytes / SIZE_STEP_BYTES);
  candidates.sort((a, b) => step(a) - step(b) || a.stores - b.stores || a.name.localeCompare(b.name));
  return candidates[0].name;
}
