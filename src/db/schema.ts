// All Drizzle tables; one file per domain under ./schema.
export * from "./schema/identity";
export * from "./schema/outbox";
export * from "./schema/media";
export * from "./schema/webhooks";
export * from "./schema/catalog";
export * from "./schema/collections";
export * from "./schema/commerce";
export * from "./schema/sync";
export * from "./schema/directory";
export * from "./schema/integrations";
export * from "./schema/inventory";
export * from "./schema/fields";
export * from "./schema/pricing";
export * from "./schema/shipments";
export * from "./schema/returns";
