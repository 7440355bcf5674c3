-- Integration key hash (current or previous value) → store (docs/api/16-integrations.md), like token_index for PATs: a
-- `boi_` key used where the path names no store (GET /me) or another store's path is found through it. A superset:
-- every hit is checked in the store's database (src/identity/directory.ts).
CREATE TABLE `integration_key_index` (
	`key_hash` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL
);
