// The comparison Worker of `npm run bench:startup` (bench/startup.mjs): a bare Hono app with one route, built and
// minified as ../wrangler.toml builds the real one (bench/startup-bare.toml), so the ratio between the two startups is
// what the API's own code and libraries add.
import { Hono } from "hono";

const app = new Hono();
app.get("/", (c) => c.json({ ok: true }));

export default app;
