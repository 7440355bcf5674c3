// Where a new store goes (docs/scale.md section 4): an accepting store database of the creator's region when there
// is one (each database's location hint is its `shards` row's, set by the operators: PATCH /ops/shards/{name}),
// else any accepting one; among those the least full. "Full" is the size D1 last reported, in steps of 100 MB (sizes
// that close are the same for this purpose; measured by each database's maintenance message, `recordShardSize`), then
// the number of stores, then the name: so fresh databases fill evenly. A database not accepting is never chosen.
import { ApiError } from "../lib/errors";
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

/** D1's location hints (`wrangler d1 create --location`), the values a database's `location` may take. */
export const LOCATION_HINTS = ["wnam", "enam", "weur", "eeur", "apac", "oc"] as const;
export type LocationHint = (typeof LOCATION_HINTS)[number];

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
  location: LocationHint | null;
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

/** `stores` is a counter the directory's triggers keep with every store_directory change (migrations/directory/0004). */
const SHARD_COLUMNS = `s.name AS name, s.location AS location, s.accepting AS accepting, s.size_bytes AS size_bytes,
  s.measured_at AS measured_at, s.stores AS stores`;

/**
 * Every store database with its load, as the directory knows it: one directory query reading one row per database
 * (no store's row), none on the store databases.
 */
export async function shardLoads(env: Env): Promise<ShardLoad[]> {
  await registerShards(env);
  const { results } = await env.DIRECTORY.prepare(`SELECT ${SHARD_COLUMNS} FROM shards s ORDER BY s.name`).all<ShardLoad>();
  return results.filter((row) => isShard(env, row.name));
}

/**
 * Sets a store database's location hint and whether it takes new stores (PATCH /ops/shards/{name}); a field left
 * out stays as it is. Null for a name that is not a store database of this deployment. The change counts for the
 * next `POST /stores` on any isolate: placement reads `shards` every time.
 */
export async function updateShard(env: Env, name: string, input: { location?: LocationHint | null; accepting?: boolean }): Promise<ShardLoad | null> {
  if (!isShard(env, name)) return null;
  await registerShards(env);
  const changes: Array<[string, unknown]> = [];
  if (input.location !== undefined) changes.push(["location", input.location]);
  if (input.accepting !== undefined) changes.push(["accepting", input.accepting ? 1 : 0]);
  const read = env.DIRECTORY.prepare(`SELECT ${SHARD_COLUMNS} FROM shards s WHERE s.name = ?`).bind(name);
  if (changes.length === 0) return read.first<ShardLoad>();
  const [, selected] = await env.DIRECTORY.batch<ShardLoad>([
    env.DIRECTORY.prepare(`UPDATE shards SET ${changes.map(([column]) => `${column} = ?`).join(", ")} WHERE name = ?`).bind(...changes.map(([, v]) => v), name),
    read,
  ]);
  return selected.results[0] ?? null;
}

/** The store database a new store goes to. */
export async function chooseShard(env: Env, cf?: IncomingRequestCfProperties): Promise<string> {
  const accepting = (await shardLoads(env)).filter((s) => s.accepting);
  // The operators have closed every database (PATCH /ops/shards/{name}): nothing is wrong with the request.
  if (accepting.length === 0) {
    throw new ApiError("service_unavailable", "No store database is accepting new stores", { headers: { "Retry-After": "60" } });
  }
  const region = regionOf(cf);
  const near = accepting.filter((s) => region && s.location === region);
  const candidates = near.length > 0 ? near : accepting;
  const step = (s: ShardLoad) => Math.floor(s.size_bytes / SIZE_STEP_BYTES);
  candidates.sort((a, b) => step(a) - step(b) || a.stores - b.stores || a.name.localeCompare(b.name));
  return candidates[0].name;
}
