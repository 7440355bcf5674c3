// The OpenAPI document's `pattern` values are usable outside this code (issue 15): bare ECMA-262 patterns, no
// trailing regex flags, no \p{...} escapes, meaning what the zod schema means. Every pattern compiles (with and
// without the u flag, as validators differ) and accepts the values the API itself accepts.
import { describe, expect, it } from "vitest";
import { LINE_RE, SKU_RE, TEXT_RE } from "../../src/lib/text";
import { call } from "../helpers/api";
import { catalogStore } from "../products/fixtures";

/** Values the API accepts, by the property (or query parameter) name the pattern is on, or by a path suffix. */
const ACCEPTED: Record<string, string[]> = {
  title: ["Plain tee", "Café – ünïcode ✓ «Größe» 🎉", "日本語のタイトル", "  spaced  "],
  description: ["Line 1\nLine 2\r\n\tTabbed ✓ 🎉", ""],
  brand: ["Ärger & Co.", "Ωmega"],
  seo_title: ["Tee | Shop"],
  seo_description: ["Soft.\nWarm."],
  slug: ["plain-tee", "tee-2"],
  group: ["Größe"],
  key: ["Material"],
  "specs/items/properties/value": ["100 % cotton\nMachine wash 30 °C", "M"],
  "option_values/items/properties/value": ["M", "Navy blue ✓"],
  sku: ["SKU-ä_1.2/🎉", "TEE-001"],
  name: ["Colour"],
  author_name: ["Zoë"],
  body: ["Great!\n\nWould buy again 👍"],
  search: ["tee", "ünï 🎉"],
  currency: ["EUR"],
  // Prices (docs/api/24-prices.md): countries are ISO 3166-1 alpha-2 codes.
  country: ["DE", "FR"],
  countries: ["DE", "FR"],
  add: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
  remove: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
  customer_group_ids: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
  price_list_id: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
  // Shipments (docs/api/25-shipments.md): a line item's id is "<order id>:<position>"; tracking numbers, carriers and URLs.
  line_item_id: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b:0"],
  number: ["1Z999AA10123456784", "JD 0146 0000 1234 5678"],
  carrier: ["UPS", "Deutsche Post DHL"],
  shipped_at: ["2026-12-07T10:00:00Z"],
  delivered_at: ["2026-12-08T10:00:00+01:00"],
  // Returns: a reason is one line, a note may have several.
  reason: ["Too small", "Größe passt nicht ✓"],
  note: ["Box opened.\nTag still on.", ""],
  permissions: ["2305843009213693952"],
  scopes: ["1"],
  updated_since: ["2026-11-21T10:00:00.000Z"],
  since: ["2026-11-21T10:00:00.000Z"],
  type: ["products.*", "orders.created"],
  resource_id: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
  tags: ["Summer Sale", "Été ✓ 🎉"],
  tag: ["summer", "Été"],
  external_id: ["erp-1", "ÄBC/12 🎉"],
  value: ["shoes", "Größe ✓"],
  // Every request string is text (docs/api/13b-holder-limits.md, test/lib/text.test.ts): ids, URLs and codes too.
  email: ["zoë@example.com"],
  password: ["correct horse battery staple ✓"],
  timezone: ["Europe/Berlin"],
  token: ["inv_AbCd-123"],
  secret: ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "a plain secret ✓"],
  to: ["STORE_DB_002"],
  cursor: ["WyJwcm9kdWN0czpkZXNjIl0"],
  alt: ["A red mug ☕"],
  phone: ["+49 30 1234567"],
  url: ["https://example.com/hooks/commerce", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
  poster_url: ["https://example.com/poster.jpg"],
  highlight_video_url: ["https://vimeo.com/123"],
  highlight_video_poster_url: ["https://example.com/poster.jpg"],
  action: ["product.update"],
  resource_type: ["product"],
  user_id: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
  actor_user_id: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
  integration_id: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
  customer_id: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
  variant_id: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
  product_variant_id: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
  media_file_id: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
  product_id: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
  product_ids: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
  collection_id: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
  // Inventory at locations (docs/api/20-inventory.md): location codes, ids, references and the ledger's filters.
  code: ["default", "Shop-Floor_2"],
  location_code: ["default", "3PL_east"],
  from_location_code: ["default"],
  to_location_code: ["3PL_east"],
  location_id: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
  from_location_id: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
  to_location_id: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
  order_id: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
  reference: ["PO-2026-0042", "https://erp.example.com/docs/Lieferschein Nr. 7 ✓", ""],
  until: ["2026-11-21T10:00:00.000Z"],
  // Custom fields (docs/api/21-custom-fields.md): definition keys, validation bounds (dates, date-times), patterns and choices.
  "CreateFieldDefinitionRequest/properties/key": ["material", "care_2"],
  "UpdateFieldDefinitionRequest/properties/key": ["material"],
  min: ["2026-01-01", "2026-01-01T00:00:00+01:00"],
  max: ["2026-12-31"],
  regex: ["^[A-Z]{2}-\\d{3}$", "(?:ä|ö)+ 🎉"],
  choices: ["cotton", "Größe M"],
};

function patternsOf(doc: unknown) {
  const found: Array<{ where: string; name: string; pattern: string }> = [];
  const walk = (node: any, where: string, name: string) => {
    if (!node || typeof node !== "object") return;
    if (typeof node.pattern === "string") found.push({ where, name, pattern: node.pattern });
    for (const [key, child] of Object.entries(node)) {
      const childName =
        (child as any)?.name && (child as any)?.in ? (child as any).name : /^\d+$|^(anyOf|oneOf|items|schema|properties)$/.test(key) ? name : key;
      walk(child, `${where}/${key}`, childName);
    }
  };
  walk(doc, "", "");
  return found;
}

describe("OpenAPI pattern values are bare ECMA-262 patterns that accept what the API accepts", () => {
  it("every pattern compiles with and without the u flag, carries no flags or \\p escapes, and matches the accepted examples", async () => {
    const doc = (await call("GET", "/openapi.json")).body;
    const patterns = patternsOf(doc);
    expect(patterns.length).toBeGreaterThan(20);
    for (const { where, name, pattern } of patterns) {
      expect({ where, pattern, flags: /\/[a-z]*$/.test(pattern) }).toEqual({ where, pattern, flags: false });
      expect({ where, pattern, propertyEscape: /\\[pP]\{/.test(pattern) }).toEqual({ where, pattern, propertyEscape: false });
      const bySuffix = Object.keys(ACCEPTED).find((key) => key.includes("/") && where.endsWith(`/${key}`));
      const examples = ACCEPTED[bySuffix ?? name];
      expect({ where, name, hasExamples: Boolean(examples) }).toEqual({ where, name, hasExamples: true });
      for (const flags of ["", "u"]) {
        const re = new RegExp(pattern, flags);
        for (const example of examples) expect({ where, example, flags, matches: re.test(example) }).toEqual({ where, example, flags, matches: true });
      }
    }
  });

  it("the examples really are accepted by the API (so the table above is not wishful)", async () => {
    const store = await catalogStore();
    const product = await call("POST", store.path(), {
      token: store.token,
      body: {
        title: ACCEPTED.title[1],
        description: ACCEPTED.description[0],
        brand: ACCEPTED.brand[0],
        seo_title: ACCEPTED.seo_title[0],
        seo_description: ACCEPTED.seo_description[0],
        product_type: "variable",
      },
    });
    expect(product.status).toBe(201);
    const variant = await call("POST", store.path(`/${product.body.id}/variants`), {
      token: store.token,
      body: {
        price_cents: 100,
        sku: ACCEPTED.sku[0],
        option_values: [{ name: ACCEPTED.name[0], value: ACCEPTED["option_values/items/properties/value"][1] }],
        title: ACCEPTED.title[2],
      },
    });
    expect(variant.status).toBe(201);
    const specs = await call("PUT", store.path(`/${product.body.id}/specs`), {
      token: store.token,
      body: { specs: [{ group: ACCEPTED.group[0], key: ACCEPTED.key[0], value: ACCEPTED["specs/items/properties/value"][0] }] },
    });
    expect(specs.status).toBe(200);
    const review = await call("POST", store.path(`/${product.body.id}/reviews`), {
      token: store.token,
      body: { author_name: ACCEPTED.author_name[0], rating: 5, title: ACCEPTED.title[0], body: ACCEPTED.body[0] },
    });
    expect(review.status).toBe(201);
    const search = await call("GET", store.path(`?include_drafts=true&search=${encodeURIComponent(ACCEPTED.search[1])}`), { token: store.token });
    expect(search.status).toBe(200);
  });

  it("the explicit ranges mean exactly what \\p{Cc} meant, on every BMP code point and a few astral ones", () => {
    const line = /^[^\p{Cc}]*$/u;
    const text = /^(?:[\t\n\r]|[^\p{Cc}])*$/u;
    const sku = /^[^\s\p{Cc}]+$/u;
    const points = [...Array.from({ length: 0x10000 }, (_, i) => i), 0x1f389, 0x10ffff, 0xe0001];
    for (const cp of points) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue; // lone surrogates are not text a JSON client sends
      const ch = String.fromCodePoint(cp);
      if (LINE_RE.test(ch) !== line.test(ch) || TEXT_RE.test(ch) !== text.test(ch) || SKU_RE.test(ch) !== sku.test(ch)) {
        throw new Error(`U+${cp.toString(16)} is judged differently`);
      }
    }
  });
});
