// PUT /stores/{store_id}/products/by-external-id/{external_id} (docs/sync.md "PUT by external id"): the body is the
// whole desired product, built from the create bodies' own pieces (src/products/schemas.ts, variant-schemas.ts).
// Rules across items (duplicate keys, the number of items a product type takes) are checked here too, so that one 422
// names every bad path before anything is read.
import { z } from "@hono/zod-openapi";
import { line } from "../lib/text";
import { fieldsCreateInput } from "../fields/schemas";
import { productWriteFields, storeParams } from "../products/schemas";
import { compareAtAbovePrice, variantFields } from "../products/variant-schemas";
import { VARIANTS_PER_PRODUCT_CAP, optionKey } from "../products/variants.service";

const { position: _position, ...itemFields } = variantFields;

const putVariant = z
  .strictObject({
    ...itemFields,
    fields: fieldsCreateInput,
    stock: itemFields.stock.openapi({
      description: "Left out: the stock stays as it is. Given: a stock write (the default location's on_hand), as a variant PATCH with stock",
    }),
  })
  .superRefine(compareAtAbovePrice)
  .openapi("PutProductVariant", {
    description: "Matched to an existing variant by external_id, else by sku (case-insensitive). Fields left out take their defaults, except stock",
  });

export const putProductBody = z
  .strictObject({
    ...productWriteFields,
    slug: productWriteFields.slug.openapi({ description: "Left out: derived from the title when the product is created; kept as it is when it exists" }),
    status: productWriteFields.status.openapi({ description: "Default draft. live, or a change of status, also needs products.publish" }),
    variants: z.array(putVariant).min(1, "must hold at least one item").max(VARIANTS_PER_PRODUCT_CAP, `must hold at most ${VARIANTS_PER_PRODUCT_CAP} items`),
  })
  .superRefine((body, ctx) => {
    const at = (path: Array<string | number>, message: string) => ctx.addIssue({ code: "custom", path, message });
    if (body.product_type === "single" && body.variants.length !== 1) {
      at(["variants"], "a single product has exactly one item (its hidden default variant)");
    }
    const seen = { external_id: new Map<string, number>(), sku: new Map<string, number>(), options: new Map<string, number>() };
    body.variants.forEach((v, i) => {
      if (body.product_type === "single" && (v.option_values?.length ?? 0) > 0)
        at(["variants", i, "option_values"], "a single product's item has no option values");
      const keys: Array<[keyof typeof seen, string | null | undefined, string]> = [
        ["external_id", v.external_id, "external_id"],
        ["sku", v.sku?.toLowerCase(), "sku"],
        ["options", body.product_type === "variable" ? optionKey(v.option_values ?? []) : null, "option_values"],
      ];
      for (const [kind, value, field] of keys) {
        if (value === null || value === undefined) continue;
        const first = seen[kind].get(value);
        if (first !== undefined) at(["variants", i, field], `repeats item ${first}'s ${field === "option_values" ? "option values" : field}`);
        else seen[kind].set(value, i);
      }
    });
  })
  .openapi("PutProductRequest");

export const putProductParams = storeParams.extend({
  external_id: line().min(1, "must not be empty").max(255).openapi({ description: "The product's external_id (an integration's own key)" }),
});

export type PutProductInput = z.infer<typeof putProductBody>;
export type PutVariantInput = PutProductInput["variants"][number];
