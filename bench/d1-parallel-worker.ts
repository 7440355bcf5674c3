// bench/d1-parallel.mjs's Worker: one write (a batch of inserts, as a product change with its event and deliveries
// roughly writes) on the D1 binding the path names, DB_A or DB_B. Nothing else: the question is only whether the
// local simulation runs two databases' writes side by side.
interface BenchEnv {
  DB_A: D1Database;
  DB_B: D1Database;
}

const ROWS = 20;
const FILLER = "x".repeat(400);

export default {
  async fetch(request: Request, env: BenchEnv): Promise<Response> {
    const url = new URL(request.url);
    const db = url.pathname === "/a" ? env.DB_A : url.pathname === "/b" ? env.DB_B : null;
    if (url.pathname === "/setup") {
      for (const d of [env.DB_A, env.DB_B]) await d.exec("CREATE TABLE IF NOT EXISTS rows (id TEXT PRIMARY KEY, body TEXT NOT NULL)");
      return new Response("ok");
    }
    if (!db) return new Response("not found", { status: 404 });
    const stmt = db.prepare("INSERT INTO rows (id, body) VALUES (?, ?)");
    const started = performance.now();
    await db.batch(Array.from({ length: ROWS }, () => stmt.bind(crypto.randomUUID(), FILLER)));
    return Response.json({ ms: performance.now() - started });
  },
};
