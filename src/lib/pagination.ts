// Pagination: `limit` 1..100 (default 20), `offset` 0..1,000,000; lists answer {data, pagination}.
import { z } from "@hono/zod-openapi";

const integerParam = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .optional()
    .transform((v) => v ?? fallback)
    .openapi({ type: "integer", minimum: min, maximum: max, default: fallback });

export const paginationQuery = {
  limit: integerParam(1, 100, 20),
  offset: integerParam(0, 1_000_000, 0),
};

/** Query booleans: true/false/1/0, anything else 422. */
export const booleanParam = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((v) => v === "true" || v === "1")
  .openapi({ type: "boolean", default: false });

export interface Page {
  limit: number;
  offset: number;
}

export const paginated = <T>(data: T[], page: Page, total: number) => ({
  data,
  pagination: { limit: page.limit, offset: page.offset, total },
});

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    pagination: z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() }),
  });
