// Every D1 binding gets the migrations of its own directory (vitest.config.ts reads them from wrangler.toml), as
// `npm run migrate` applies them: TEST_MIGRATIONS maps binding name -> migrations.
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

for (const [binding, migrations] of Object.entries(env.TEST_MIGRATIONS)) {
  await applyD1Migrations((env as unknown as Record<string, D1Database>)[binding], migrations);
}
