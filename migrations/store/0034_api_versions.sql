-- API versions (docs/api-versions.md): each PAT, integration and webhook subscription is pinned to the version its
-- requests (or deliveries) are served in when no `Api-Version` header says otherwise. Credentials and subscriptions
-- made before versions existed were written against 2026-11-27's behaviour, so they are pinned to it; new ones get
-- the current version from the code that creates them.
ALTER TABLE `api_tokens` ADD `api_version` text DEFAULT '2026-11-27' NOT NULL;
--> statement-breakpoint
ALTER TABLE `integrations` ADD `api_version` text DEFAULT '2026-11-27' NOT NULL;
--> statement-breakpoint
ALTER TABLE `webhooks` ADD `api_version` text DEFAULT '2026-11-27' NOT NULL;
