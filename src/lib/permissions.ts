// The registry of permission bits (docs/api/04-permission-bits.md). Masks are BigInt everywhere; in JSON and in D1 they are
// decimal strings, because a JS number loses bit 61.
import { z } from "@hono/zod-openapi";

export const PERMISSIONS = {
  "products.read": { bit: 0, description: "List and read products, variants, media and reviews" },
  "products.write": { bit: 1, description: "Create products" },
  "products.edit": { bit: 2, description: "Update products, variants, specs, reviews and media" },
  "products.delete": { bit: 3, description: "Delete products" },
  "products.publish": { bit: 4, description: "Publish and unpublish products (status changes)" },
  "webhooks.read": { bit: 5, description: "List and read webhooks and their deliveries" },
  "webhooks.write": { bit: 6, description: "Register webhooks" },
  "webhooks.edit": { bit: 7, description: "Edit webhooks and replay deliveries" },
  "webhooks.delete": { bit: 8, description: "Delete webhooks" },
  "tokens.read": { bit: 9, description: "Read every member's access tokens" },
  "tokens.manage": { bit: 10, description: "Issue, rotate and revoke access tokens for teammates" },
  "members.read": { bit: 11, description: "List members and their permissions" },
  "members.manage": { bit: 12, description: "Invite, update and remove members" },
  "orders.read": { bit: 13, description: "List and read orders" },
  "orders.write": { bit: 14, description: "Create orders, change their status, refund them" },
  "customers.read": { bit: 15, description: "List and read customers" },
  "customers.write": { bit: 16, description: "Create and edit customers" },
  "integrations.read": { bit: 17, description: "List and read the store's integrations (store-owned keys)" },
  "integrations.manage": { bit: 18, description: "Create, rename, rotate and revoke the store's integrations" },
  "store.manage": { bit: 19, description: "Change the store's settings (name, currency, time zone)" },
  "inventory.read": { bit: 20, description: "Read locations, stock levels and the inventory ledger" },
  "inventory.write": { bit: 21, description: "Adjust and transfer stock between locations" },
  "pricing.read": { bit: 22, description: "Read price lists, their prices, resolved prices and the price history" },
  "pricing.write": { bit: 23, description: "Create, change and delete price lists and their prices" },
  "fulfillments.write": { bit: 24, description: "Ship orders (partly or wholly), track and cancel shipments, record returns" },
  "audit.read": { bit: 61, description: "Read the store's audit log" },
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export const bitOf = (name: Permission) => 1n << BigInt(PERMISSIONS[name].bit);

/** Every defined bit: the owner's mask. */
export const ALL_PERMISSIONS = PERMISSION_NAMES.reduce((mask, name) => mask | bitOf(name), 0n);

export const has = (mask: bigint, name: Permission) => (mask & bitOf(name)) !== 0n;

export const namesOf = (mask: bigint): Permission[] => PERMISSION_NAMES.filter((name) => has(mask, name));

/** The names in `wanted` that `held` lacks. */
export const missingFrom = (held: bigint, wanted: bigint) => namesOf(wanted & ~held);

/** Masks as the API returns them: a decimal string plus the names. */
export const permissionFields = (mask: bigint) => ({ permissions: mask.toString(), permission_names: namesOf(mask) });
export const scopeFields = (mask: bigint) => ({ scopes: mask.toString(), scope_names: namesOf(mask) });

const MAX_MASK = (1n << 64n) - 1n;

/**
 * Input masks: a decimal string (only defined bits) or a list of permission names. Parsed to a BigInt.
 */
export const maskInput = z
  .union([
    z.string().regex(/^\d{1,20}$/, "must be a decimal string mask or a list of permission names"),
    z.array(z.enum(PERMISSION_NAMES as [Permission, ...Permission[]])).max(64),
  ])
  .transform((value, ctx) => {
    if (Array.isArray(value)) return value.reduce((mask, name) => mask | bitOf(name), 0n);
    const mask = BigInt(value);
    if (mask > MAX_MASK || (mask & ~ALL_PERMISSIONS) !== 0n) {
      ctx.addIssue({ code: "custom", message: "contains bits that name no permission" });
      return z.NEVER;
    }
    return mask;
  })
  .openapi({
    description: 'A decimal string mask (e.g. "2305843009213693952") or a list of permission names',
    example: ["products.read"],
  });
