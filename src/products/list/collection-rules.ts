// An automatic collection's rules (docs/catalog.md "Collections"): `{match: all|any, conditions: [{field, op,
// value}]}`, 1..10 conditions. A product is a member while it matches: the rules become one SQL condition on the
// product row, evaluated when a list is read, never stored per product. Text fields compare case-insensitively (ASCII letters, as SQLite's lower() and LIKE);
// price_cents compares the product's lowest variant price and stock the sum of its variants' stock (the same
// summaries the list sorts by).
import { z } from "@hono/zod-openapi";
import { type SQL, sql } from "drizzle-orm";
import { line } from "../../lib/text";

export const RULE_FIELDS = ["tag", "brand", "product_type", "title", "price_cents", "stock"] as const;
export const RULE_OPS = ["equals", "not_equals", "contains", "greater_than", "less_than"] as const;
const NUMERIC = new Set(["price_cents", "stock"]);

const condition = z
  .strictObject({
    field: z.enum(RULE_FIELDS),
    op: z.enum(RULE_OPS),
    value: z.union([line().trim().min(1, "must not be empty").max(255), z.number().int()]),
  })
  .superRefine((c, ctx) => {
    const numeric = NUMERIC.has(c.field);
    if (numeric && typeof c.value !== "number") ctx.addIssue({ code: "custom", path: ["value"], message: `must be an integer for ${c.field}` });
    if (!numeric && typeof c.value !== "string") ctx.addIssue({ code: "custom", path: ["value"], message: `must be text for ${c.field}` });
    if (numeric && c.op === "contains") ctx.addIssue({ code: "custom", path: ["op"], message: `contains does not apply to ${c.field}` });
    if (!numeric && (c.op === "greater_than" || c.op === "less_than")) {
      ctx.addIssue({ code: "custom", path: ["op"], message: `${c.op} applies to price_cents and stock only` });
    }
  });

export const rulesSchema = z
  .strictObject({ match: z.enum(["all", "any"]), conditions: z.array(condition).min(1, "give 1..10 conditions").max(10, "give 1..10 conditions") })
  .openapi("CollectionRules");

export type CollectionRules = z.infer<typeof rulesSchema>;
type Condition = CollectionRules["conditions"][number];

export const parseRules = (text: string | null): CollectionRules => rulesSchema.parse(JSON.parse(text ?? "null"));

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
/** LIKE is case-insensitive for ASCII letters, as SQLite's lower() is. */
const containsPattern = (value: string) => `%${escapeLike(value)}%`;

const TEXT_COLUMNS: Record<string, string> = { brand: "p.brand", product_type: "p.product_type", title: "p.title" };
const NUMBER_COLUMNS: Record<string, string> = { price_cents: "p.min_price_cents", stock: "p.total_stock" };

function conditionSql(c: Condition): SQL {
  if (c.field === "tag") {
    const value = sql`lower(${String(c.value)})`;
    const has = (match: SQL) => sql`EXISTS (SELECT 1 FROM product_tags pt WHERE pt.product_id = p.id AND ${match})`;
    if (c.op === "equals") return has(sql`pt.tag_lower = ${value}`);
    if (c.op === "not_equals") return sql`NOT ${has(sql`pt.tag_lower = ${value}`)}`;
    return has(sql`pt.tag_lower LIKE ${containsPattern(String(c.value))} ESCAPE '\\'`);
  }
  if (NUMERIC.has(c.field)) {
    const column = sql.raw(NUMBER_COLUMNS[c.field]);
    const op = { equals: "=", not_equals: "<>", greater_than: ">", less_than: "<", contains: "=" }[c.op];
    return sql`${column} ${sql.raw(op)} ${c.value}`;
  }
  // A product without a brand is "not equal" to every brand and contains nothing.
  const column = sql`lower(coalesce(${sql.raw(TEXT_COLUMNS[c.field])}, ''))`;
  const value = sql`lower(${String(c.value)})`;
  if (c.op === "equals") return sql`${column} = ${value}`;
  if (c.op === "not_equals") return sql`${column} <> ${value}`;
  return sql`${column} LIKE ${containsPattern(String(c.value))} ESCAPE '\\'`;
}

/**
 * Tags every member must carry (the `tag equals` conditions of `match: all`): the list reads those products from
 * the tag index first, and the rules still decide. Empty when no condition narrows that way.
 */
export const requiredTags = (rules: CollectionRules): string[] =>
  rules.match === "all" ? rules.conditions.filter((c) => c.field === "tag" && c.op === "equals").map((c) => String(c.value)) : [];

/** The rules as one condition on product row `p`. */
export function collectionRulesSql(rules: CollectionRules): SQL {
  const parts = rules.conditions.map((c) => sql`(${conditionSql(c)})`);
  return sql`(${sql.join(parts, sql.raw(rules.match === "all" ? " AND " : " OR "))})`;
}
