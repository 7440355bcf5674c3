// What a Worker's configuration spends of Cloudflare's per-script limits (scripts/check-config.mjs, docs/scale.md
// 7.7 and 7.11): its bindings, its variables and the size of the metadata uploaded with it. Read 2026-11-28:
// - D1 limits (https://developers.cloudflare.com/d1/platform/limits/): "Maximum bindings per Workers script:
//   approximately 5,000"; its footnote: "A single Worker script can have up to 1 MB of script metadata. A binding is
//   defined as a binding to a resource, such as a D1 database, KV namespace, environmental variable, or secret. Each
//   resource binding is approximately 150 bytes, however environmental variables and secrets are controlled by the
//   size of the value you provide."
// - Workers limits (https://developers.cloudflare.com/workers/platform/limits/#environment-variables): 128
//   environment variables per Worker on Workers Paid (64 on Free), secret and text combined; 5 KB each.
// Where a limit is approximate or its unit unstated, the stricter reading is used (5,000 bindings, 1 MB = 1,000,000
// bytes, 5 KB = 5,000 bytes).

export const LIMITS = {
  bindings: { limit: 5000, what: "bindings per Worker script", source: "D1 limits: approximately 5,000 bindings per Workers script" },
  metadata: { limit: 1_000_000, what: "bytes of script metadata", source: "D1 limits, footnote 2: up to 1 MB of script metadata per Worker script" },
  variables: { limit: 128, what: "variables and secrets", source: "Workers limits: 128 environment variables per Worker (Paid), secret and text combined" },
  variableSize: { limit: 5000, what: "bytes in one variable", source: "Workers limits: each environment variable is limited to 5 KB" },
};

/** The docs' rule of thumb for a resource binding's share of the metadata. */
const BYTES_PER_RESOURCE_BINDING = 150;
/** What a secret's value is assumed to weigh (they are at least 32 characters; README "Deploying"). */
const SECRET_BYTES = 64;

const bytes = (text) => Buffer.byteLength(text, "utf8");

/**
 * Every binding of a wrangler config (as `unstable_readConfig` returns it) in the shape wrangler uploads it in
 * (its metadata `bindings`), plus the secrets the Worker expects (`secrets`: names; not in the config).
 */
export function bindingsOf(config, secrets = []) {
  const list = [];
  for (const [name, value] of Object.entries(config.vars ?? {})) {
    list.push(typeof value === "string" ? { name, type: "plain_text", text: value } : { name, type: "json", json: value });
  }
  for (const name of secrets) list.push({ name, type: "secret_text", text: "x".repeat(SECRET_BYTES) });
  for (const d of config.d1_databases ?? []) list.push({ name: d.binding, type: "d1", id: d.database_id ?? "" });
  for (const b of config.r2_buckets ?? []) list.push({ name: b.binding, type: "r2_bucket", bucket_name: b.bucket_name });
  for (const k of config.kv_namespaces ?? []) list.push({ name: k.binding, type: "kv_namespace", namespace_id: k.id });
  for (const q of config.queues?.producers ?? []) list.push({ name: q.binding, type: "queue", queue_name: q.queue });
  for (const d of config.durable_objects?.bindings ?? []) list.push({ name: d.name, type: "durable_object_namespace", class_name: d.class_name });
  for (const r of config.ratelimits ?? []) list.push({ name: r.name, type: "ratelimit", namespace_id: r.namespace_id, simple: r.simple });
  for (const s of config.services ?? []) list.push({ name: s.binding, type: "service", service: s.service });
  for (const a of config.analytics_engine_datasets ?? []) list.push({ name: a.binding, type: "analytics_engine", dataset: a.dataset });
  if (config.images?.binding) list.push({ name: config.images.binding, type: "images" });
  if (config.ai?.binding) list.push({ name: config.ai.binding, type: "ai" });
  if (config.browser?.binding) list.push({ name: config.browser.binding, type: "browser" });
  if (config.assets?.binding) list.push({ name: config.assets.binding, type: "assets" });
  return list;
}

const isVariable = (b) => b.type === "plain_text" || b.type === "json" || b.type === "secret_text";
const bindingValue = (b) => (b.type === "json" ? JSON.stringify(b.json) : b.text);

/** The figures of one configuration against LIMITS. */
export function measure(config, secrets = []) {
  const bindings = bindingsOf(config, secrets);
  const variables = bindings.filter(isVariable);
  // Secrets' values are not known here (assumed SECRET_BYTES): the largest variable is the largest configured one.
  const largest = variables
    .filter((b) => b.type !== "secret_text")
    .map((b) => ({ name: b.name, bytes: bytes(bindingValue(b)) }))
    .sort((a, b) => b.bytes - a.bytes)[0] ?? { name: "(none)", bytes: 0 };
  const resources = bindings.length - variables.length;
  // Two estimates of the metadata: the docs' rule (150 bytes per resource binding, variables by their size), and
  // the JSON wrangler would upload (its bindings array and the script's settings); the larger one is checked.
  const byRule = resources * BYTES_PER_RESOURCE_BINDING + variables.reduce((n, b) => n + bytes(b.name) + bytes(bindingValue(b)), 0);
  const settings = {
    main_module: "index.js",
    compatibility_date: config.compatibility_date,
    compatibility_flags: config.compatibility_flags,
    keep_names: config.keep_names,
    observability: config.observability,
    migrations: config.migrations,
    assets: config.assets && {
      config: {
        html_handling: config.assets.html_handling,
        not_found_handling: config.assets.not_found_handling,
        run_worker_first: config.assets.run_worker_first,
      },
    },
  };
  const asJson = bytes(JSON.stringify({ ...settings, bindings }));
  return {
    bindings: bindings.length,
    d1: (config.d1_databases ?? []).length,
    variables: variables.length,
    largestVariable: largest,
    metadata: Math.max(byRule, asJson),
    metadataByRule: byRule,
    metadataAsJson: asJson,
  };
}

/** Each limit with the configuration's figure and whether it fits. */
export function verdicts(m) {
  return [
    { ...LIMITS.bindings, value: m.bindings, ok: m.bindings <= LIMITS.bindings.limit },
    { ...LIMITS.metadata, value: m.metadata, ok: m.metadata <= LIMITS.metadata.limit },
    { ...LIMITS.variables, value: m.variables, ok: m.variables <= LIMITS.variables.limit },
    { ...LIMITS.variableSize, value: m.largestVariable.bytes, ok: m.largestVariable.bytes <= LIMITS.variableSize.limit, detail: m.largestVariable.name },
  ];
}

/** The store database bindings of a config (STORE_DB_nnn: the names the Worker takes for store databases). */
export const isStoreDatabase = (d) => /^STORE_DB_\d{3,}$/.test(d.binding);

/**
 * A variable that names store databases (a JSON object keyed by STORE_DB_nnn, as SHARD_LOCATIONS was) grows with
 * them: in a generated configuration it gets one entry per database, each like its first one.
 */
function perDatabaseVariable(value, names) {
  if (typeof value !== "string") return value;
  let parsed;
  try {
    parsed = JSON.parse(value);
  } catch {
    return value;
  }
  const keys = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? Object.keys(parsed) : [];
  if (keys.length === 0 || !keys.every((k) => /^STORE_DB_\d{3,}$/.test(k))) return value;
  return JSON.stringify(Object.fromEntries(names.map((name) => [name, parsed[keys[0]]])));
}

/**
 * `config` with its store databases replaced by `n` generated ones (names, ids and migrations as real ones have),
 * and any per-database variable grown to match.
 */
export function withStoreDatabases(config, n) {
  const width = Math.max(3, String(n).length);
  const store = Array.from({ length: n }, (_, i) => {
    const k = String(i + 1).padStart(width, "0");
    return {
      binding: `STORE_DB_${k}`,
      database_name: `bod-store-${k}`,
      database_id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, "0")}`,
      migrations_dir: "migrations/store",
    };
  });
  const names = store.map((d) => d.binding);
  const vars = Object.fromEntries(Object.entries(config.vars ?? {}).map(([name, value]) => [name, perDatabaseVariable(value, names)]));
  return { ...config, vars, d1_databases: [...(config.d1_databases ?? []).filter((d) => !isStoreDatabase(d)), ...store] };
}

/** The most store databases one Worker script can bind within every limit (a binary search over `withStoreDatabases`). */
export function storeDatabaseCeiling(config, secrets = [], upTo = 20_000) {
  const fits = (n) => verdicts(measure(withStoreDatabases(config, n), secrets)).every((v) => v.ok);
  if (!fits(0)) return 0;
  let [lo, hi] = [0, upTo];
  if (fits(hi)) return hi;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}
