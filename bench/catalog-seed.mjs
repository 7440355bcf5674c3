// Seeds catalog stores for the benchmark straight into the local D1 SQLite file (wrangler dev stopped), with
// batched multi-row inserts in one transaction per store. The schema's triggers keep the FTS index and the
// per-store counters in step exactly as they do for API writes.
//   seedStore(dbFile, storeId, count): `count` products with 1-3 variants each; returns sample ids.
// Titles: "<adjective> <material> <noun> <n>" (each adjective in 5% of titles); exactly 25 titles per store
// contain "Zephyr" (the rare search term); SKUs are "SKU-<n, 6 digits>-<variant>".
// Catalog organization (issue 25): brand "Brand <n % 10>" (10% each), tags "t<n % 20>" (5% each) and "odd"/"even",
// plus "rare" on 25 products; external_id "ext-<n>"; variant prices 1000 + n % 5000 (+ 500 per variant);
// a manual collection of 100 products and an automatic one (tag t7). The triggers fill product_tags and the
// products' price/stock summaries as for API writes.
// One more product is the issue 50 product (`richId`, the shape bench:storage measures): live, three variants with
// stock, two gallery images from the media library (four sizes each), six specs, two reviews.
import { DatabaseSync } from "node:sqlite";
import { randomUUID } from "node:crypto";

const ADJECTIVES = [
  "Classic",
  "Vintage",
  "Modern",
  "Rustic",
  "Sleek",
  "Cozy",
  "Bold",
  "Airy",
  "Sturdy",
  "Soft",
  "Bright",
  "Matte",
  "Glossy",
  "Urban",
  "Coastal",
  "Alpine",
  "Desert",
  "Forest",
  "Royal",
  "Simple",
];
const MATERIALS = ["Cotton", "Wool", "Linen", "Leather", "Denim", "Silk", "Canvas", "Bamboo", "Oak", "Steel"];
const NOUNS = ["Shirt", "Sweater", "Jacket", "Bag", "Hat", "Scarf", "Lamp", "Chair", "Mug", "Blanket", "Table", "Belt"];
const MODES = ["stocked", "on_demand", "stocked_or_on_demand"];
const SIZES = ["S", "M", "L"];
const BATCH = 250;

const pad = (n) => String(n).padStart(6, "0");

function insertMany(db, table, columns, rows) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = rows.slice(i, i + BATCH);
    const placeholders = chunk.map(() => `(${columns.map(() => "?").join(",")})`).join(",");
    db.prepare(`INSERT INTO ${table} (${columns.join(",")}) VALUES ${placeholders}`).run(...chunk.flat());
  }
}

export function seedStore(dbFile, storeId, count) {
  const db = new DatabaseSync(dbFile);
  // The stopped server's workerd may hold the file a moment longer.
  db.exec("PRAGMA busy_timeout = 60000");
  db.exec("PRAGMA foreign_keys = ON");
  const base = Date.parse("2026-01-01T00:00:00.000Z");
  const rareEvery = Math.floor(count / 25);
  const productCols = [
    "id",
    "store_id",
    "slug",
    "title",
    "description",
    "product_type",
    "status",
    "created_at",
    "updated_at",
    "published_at",
    "brand",
    "tags",
    "external_id",
  ];
  const members = [];
  const variantCols = [
    "id",
    "store_id",
    "product_id",
    "title",
    "is_default",
    "sku",
    "sku_lower",
    "price_cents",
    "stock",
    "fulfillment_mode",
    "option_values",
    "option_key",
    "position",
    "created_at",
    "updated_at",
  ];
  const sampleIds = [];
  let collections;
  let richId;
  db.exec("BEGIN");
  try {
    // Stock is a level at the store's default location with its ledger entry (migration 0027); the triggers read
    // why from this row, as they do for an import.
    db.prepare(`INSERT INTO inventory_context (singleton, store_id, reason, reference, seq_from)
      VALUES (1, ?, 'stock_write', 'bench.seed', (SELECT coalesce(max(seq), 0) + 1 FROM inventory_ledger WHERE store_id = ?))`).run(storeId, storeId);
    for (let start = 0; start < count; start += 5000) {
      const products = [];
      const variants = [];
      for (let n = start; n < Math.min(count, start + 5000); n++) {
        const id = randomUUID();
        const at = new Date(base + n * 1000).toISOString();
        const live = n % 10 !== 0;
        const rare = n % rareEvery === 3 && n / rareEvery < 25 ? " Zephyr" : "";
        const title = `${ADJECTIVES[n % 20]} ${MATERIALS[Math.floor(n / 20) % 10]} ${NOUNS[Math.floor(n / 200) % 12]}${rare} ${n}`;
        const variantCount = 1 + (n % 3);
        const tags = [`t${n % 20}`, n % 2 ? "odd" : "even", ...(rare ? ["rare"] : [])];
        products.push([
          id,
          storeId,
          `p-${n}`,
          title,
          "Seeded for the catalog benchmark",
          variantCount === 1 ? "single" : "variable",
          live ? "live" : "draft",
          at,
          at,
          live ? at : null,
          `Brand ${n % 10}`,
          JSON.stringify(tags),
          `ext-${n}`,
        ]);
        if (n % Math.floor(count / 100) === 5 && members.length < 100) members.push(id);
        for (let v = 0; v < variantCount; v++) {
          const sku = `SKU-${pad(n)}-${v}`;
          const single = variantCount === 1;
          const options = single ? [] : [{ name: "Size", value: SIZES[v] }];
          variants.push([
            randomUUID(),
            storeId,
            id,
            single ? "Default" : SIZES[v],
            single ? 1 : 0,
            sku,
            sku.toLowerCase(),
            1000 + (n % 5000) + 500 * v,
            n % 7,
            MODES[(n + v) % 3],
            JSON.stringify(options),
            JSON.stringify(options.map((o) => [o.name.toLowerCase(), o.value.toLowerCase()])),
            v,
            at,
            at,
          ]);
        }
        if (n % Math.max(1, Math.floor(count / 200)) === 1) sampleIds.push(id);
      }
      insertMany(db, "products", productCols, products);
      insertMany(db, "product_variants", variantCols, variants);
    }
    const at = new Date(base).toISOString();
    const manual = randomUUID();
    const automatic = randomUUID();
    const rules = JSON.stringify({ match: "all", conditions: [{ field: "tag", op: "equals", value: "t7" }] });
    insertMany(
      db,
      "collections",
      ["id", "store_id", "title", "slug", "kind", "rules", "created_at", "updated_at"],
      [
        [manual, storeId, "Picks", "picks", "manual", null, at, at],
        [automatic, storeId, "Tag t7", "tag-t7", "automatic", rules, at, at],
      ],
    );
    insertMany(
      db,
      "collection_products",
      ["store_id", "collection_id", "product_id", "position"],
      members.map((id, i) => [storeId, manual, id, i]),
    );
    collections = { manual, automatic };
    richId = seedRichProduct(db, storeId, count);
    db.exec("DELETE FROM inventory_context");
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
  db.close();
  return { sampleIds, richId, skuPrefix: `sku-${pad(Math.floor(count / 2)).slice(0, 5)}`, collections };
}

/** The product with everything GET one renders: three variants, two images with their files, six specs, two reviews. */
function seedRichProduct(db, storeId, n) {
  const id = randomUUID();
  const at = new Date(Date.parse("2026-01-01T00:00:00.000Z") + n * 1000).toISOString();
  insertMany(
    db,
    "products",
    ["id", "store_id", "slug", "title", "description", "product_type", "status", "created_at", "updated_at", "published_at", "brand", "tags", "external_id"],
    [[id, storeId, "rich", "Rich Linen Shirt", "Every part of a product's answer", "variable", "live", at, at, at, "Brand 1", '["t1","odd"]', "ext-rich"]],
  );
  insertMany(
    db,
    "product_variants",
    [
      "id",
      "store_id",
      "product_id",
      "title",
      "is_default",
      "sku",
      "sku_lower",
      "price_cents",
      "stock",
      "fulfillment_mode",
      "option_values",
      "option_key",
      "position",
      "created_at",
      "updated_at",
    ],
    SIZES.map((size, v) => {
      const options = [{ name: "Size", value: size }];
      return [
        randomUUID(),
        storeId,
        id,
        size,
        0,
        `RICH-${size}`,
        `rich-${size.toLowerCase()}`,
        2500 + 100 * v,
        5 + v,
        "stocked",
        JSON.stringify(options),
        JSON.stringify([["size", size.toLowerCase()]]),
        v,
        at,
        at,
      ];
    }),
  );
  const files = [randomUUID(), randomUUID()];
  insertMany(
    db,
    "media_files",
    ["id", "store_id", "r2_key", "filename", "content_type", "bytes", "width", "height", "alt", "created_at"],
    files.map((file, i) => [file, storeId, `${storeId}/${file}`, `rich-${i}.jpg`, "image/jpeg", 200_000, 1600, 1200, `Rich ${i}`, at]),
  );
  insertMany(
    db,
    "product_images",
    ["id", "store_id", "product_id", "media_type", "media_file_id", "alt", "position", "is_primary", "created_at", "updated_at"],
    files.map((file, i) => [randomUUID(), storeId, id, "image", file, `Rich ${i}`, i, i === 0 ? 1 : 0, at, at]),
  );
  insertMany(
    db,
    "product_specs",
    ["id", "store_id", "product_id", '"group"', "key", "value", "position"],
    ["Material:Linen", "Weight:180 g", "Fit:Regular", "Care:Machine wash 30", "Origin:Portugal", "Collar:Button-down"].map((pair, i) => {
      const [key, value] = pair.split(":");
      return [randomUUID(), storeId, id, i < 3 ? "Fabric" : null, key, value, i];
    }),
  );
  insertMany(
    db,
    "product_reviews",
    ["id", "store_id", "product_id", "author_name", "rating", "title", "body", "created_at"],
    [4, 5].map((rating) => [randomUUID(), storeId, id, "Bench", rating, "Fine", "A review", at]),
  );
  // The review counters the review endpoints keep (refreshReviewStats).
  db.prepare("UPDATE products SET review_count = 2, rating_sum = 9 WHERE id = ?").run(id);
  return id;
}

/**
 * A neighbour of the measured store in the same database, for the search's "other stores" scenario: `count` live
 * products whose titles all contain `word` ("<adjective> <word> <noun> <n>"), without variants (the title index is
 * what the scenario is about, and no stock means no inventory rows to write). The store's row must exist.
 */
export function seedNeighbour(dbFile, storeId, count, word) {
  const db = new DatabaseSync(dbFile);
  db.exec("PRAGMA busy_timeout = 60000");
  const at = new Date(Date.parse("2026-01-01T00:00:00.000Z")).toISOString();
  const cols = ["id", "store_id", "slug", "title", "product_type", "status", "created_at", "updated_at", "published_at"];
  db.exec("BEGIN");
  try {
    const rows = [];
    for (let n = 0; n < count; n++) {
      rows.push([randomUUID(), storeId, `n-${n}`, `${ADJECTIVES[n % 20]} ${word} ${NOUNS[Math.floor(n / 20) % 12]} ${n}`, "single", "live", at, at, at]);
    }
    insertMany(db, "products", cols, rows);
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  } finally {
    db.close();
  }
}
