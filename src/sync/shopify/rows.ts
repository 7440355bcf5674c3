// One slice of a Shopify file turned into this service's import rows (docs/api/23-one-call-sync-and-imports.md), plus the images its rows
// name. Rows arrive keyed by role (columns.ts). A product is the run of rows sharing a handle: its first row carries
// the product's fields, each row with variant columns is a variant (option names are carried down from the row that
// names them, as Shopify writes them only once), and rows with only the handle and image columns add images.
// The rows then go through the same plan as any import (import-plan.ts), so every rule of the API holds for them.
import { type CsvRecord, type SliceRow, minorUnits } from "../csv-columns";
import { SKU_RE } from "../../lib/text";
import { optionKey } from "../../products/variants.service";
import type { Role } from "./columns";

export interface Issue {
  line: number;
  message: string;
}

/** An `Image Src` of a row: the product's gallery image at `position` (1-based; null when not given). */
export interface ImageRef {
  line: number;
  handle: string;
  url: string;
  position: number | null;
  alt: string | null;
}

/** A `Variant Image`: the image shown for the variant this row is (found by SKU, else by option values). */
export interface VariantImageRef {
  line: number;
  handle: string;
  url: string;
  sku: string | null;
  optionKey: string;
  single: boolean;
}

export interface ShopifySlice {
  rows: SliceRow[];
  images: ImageRef[];
  variantImages: VariantImageRef[];
  errors: Issue[];
  warnings: Issue[];
}

type Cells = Partial<Record<Role, string>>;

const VARIANT_ROLES: Role[] = ["option1_value", "option2_value", "option3_value", "sku", "price", "compare_at", "quantity", "grams"];
const PRODUCT_ROLES: Role[] = ["title", "body", "vendor", "category", "type", "tags", "published", "status", "seo_title", "seo_description"];

class MappingError extends Error {}

const cellOf = (cells: Cells, role: Role) => (cells[role] ?? "").trim();
const hasAny = (cells: Cells, roles: Role[]) => roles.some((r) => cellOf(cells, r) !== "");

/** Rows that share a handle and follow each other: one product. */
function runsOf(rows: SliceRow[]) {
  const runs: Array<{ handle: string; rows: Array<{ line: number; cells: Cells }> }> = [];
  for (const row of rows) {
    const cells = row.record as unknown as Cells;
    const handle = cellOf(cells, "handle").toLowerCase();
    const last = runs[runs.length - 1];
    if (last && last.handle === handle) last.rows.push({ line: row.line, cells });
    else runs.push({ handle, rows: [{ line: row.line, cells }] });
  }
  return runs;
}

/** `active` → live; `draft` and `archived` → draft; from `Published` when there is no status. */
function statusOf(cells: Cells, line: number, warnings: Issue[]): "live" | "draft" | undefined {
  const status = cellOf(cells, "status").toLowerCase();
  if (status === "active") return "live";
  if (status === "draft" || status === "archived") return "draft";
  if (status !== "") {
    warnings.push({ line, message: `Status: "${cellOf(cells, "status")}" is not active, draft or archived; imported as draft` });
    return "draft";
  }
  const published = cellOf(cells, "published").toLowerCase();
  if (published === "true") return "live";
  if (published === "false") return "draft";
  return undefined;
}

/**
 * Tags, then Type, then the last part of Product Category ("Apparel & Accessories > Clothing > Shirts" → "Shirts"),
 * each once (case-insensitively). Undefined when the file has none of these columns (the product's tags stay).
 */
function tagsOf(cells: Cells, line: number, present: Set<Role>, warnings: Issue[]): string | undefined {
  if (!present.has("tags") && !present.has("type") && !present.has("category")) return undefined;
  const tags: string[] = [];
  const add = (tag: string, from: string) => {
    const t = tag.trim();
    if (t === "" || tags.some((x) => x.toLowerCase() === t.toLowerCase())) return;
    if (t.length > 64) warnings.push({ line, message: `${from}: "${t}" is longer than 64 characters and was not added as a tag` });
    else tags.push(t);
  };
  for (const tag of cellOf(cells, "tags").split(",")) add(tag, "Tags");
  add(cellOf(cells, "type"), "Type");
  add(cellOf(cells, "category").split(">").pop() ?? "", "Product Category");
  return tags.join(", ");
}

/**
 * The variant's option pairs: this row's values, named by this row's names or, where it names none (Shopify writes
 * the names on a product's first row only), by the first name the product's rows give for that option.
 */
function optionsOf(cells: Cells, runNames: string[]): Array<{ name: string; value: string }> {
  const options: Array<{ name: string; value: string }> = [];
  for (let n = 1; n <= 3; n++) {
    const value = cellOf(cells, `option${n}_value` as Role);
    if (value === "") continue;
    const name = cellOf(cells, `option${n}_name` as Role) || runNames[n - 1];
    if (!name) throw new MappingError(`Option${n} Value: "${value}" has no Option${n} Name on this product's rows`);
    options.push({ name, value });
  }
  return options;
}

/** Per option, the first name any row of the product gives. */
const namesOf = (rows: Array<{ cells: Cells }>) =>
  [1, 2, 3].map((n) => rows.map((r) => cellOf(r.cells, `option${n}_name` as Role)).find((name) => name !== "") ?? "");

/**
 * Shopify's mark of a product without options. Only that mark makes a `single` product: a variant row with no option
 * at all is a variable product's (this service's own export writes a variable product's option-less variant so).
 */
const isDefaultTitle = (options: Array<{ name: string; value: string }>) =>
  options.length === 1 && options[0].name === "Title" && options[0].value === "Default Title";

/**
 * The row's SKU, when it is one here. Shopify takes SKUs this API refuses (with spaces, or longer than 100): such a
 * variant is imported without its SKU (a warning says so) rather than left out; it is then found by its options.
 */
function skuOf(cells: Cells, line: number, warnings: Issue[]): string | null {
  const sku = cellOf(cells, "sku");
  if (sku === "") return null;
  if (SKU_RE.test(sku) && sku.length <= 100) return sku;
  warnings.push({ line, message: `Variant SKU: "${sku}" is not an SKU here (at most 100 characters, no whitespace); imported without it` });
  return null;
}

/** The variant columns of a native row, from a Shopify row. */
function variantColumns(cells: Cells, options: Array<{ name: string; value: string }>, single: boolean, line: number, warnings: Issue[]) {
  const record: Partial<CsvRecord> = { variant_sku: skuOf(cells, line, warnings) ?? "", price: cellOf(cells, "price") };
  if (!single) {
    options.forEach((o, i) => {
      record[`option${i + 1}_name` as keyof CsvRecord] = o.name;
      record[`option${i + 1}_value` as keyof CsvRecord] = o.value;
    });
  }
  const quantity = cellOf(cells, "quantity");
  if (/^-\d+$/.test(quantity)) {
    warnings.push({ line, message: `Variant Inventory Qty: ${quantity} is below 0; imported as 0` });
    record.stock = "0";
  } else record.stock = quantity;
  const compareAt = cellOf(cells, "compare_at");
  const [price, compare] = [minorUnits(record.price ?? ""), minorUnits(compareAt)];
  if (compareAt !== "" && price !== null && compare !== null && compare < price) {
    warnings.push({
      line,
      message: `Variant Compare At Price: ${compareAt} is below the price ${record.price}; left out (a compare-at price is at least the price)`,
    });
  } else record.compare_at_price = compareAt;
  const grams = cellOf(cells, "grams");
  if (grams !== "") {
    if (!/^\d+(\.\d+)?$/.test(grams)) throw new MappingError(`Variant Grams: "${grams}" is not a weight in grams`);
    const weight = Math.round(Number(grams));
    // The box's dimensions are unknown in a Shopify file: 0 says so (import-rows.ts, a weight-only box).
    if (weight > 0) Object.assign(record, { length_mm: "0", width_mm: "0", height_mm: "0", weight_g: String(weight) });
  }
  return record;
}

/** The slice's rows as native import rows, the images they name, and the rows that cannot be read. */
export function fromShopify(rows: SliceRow[], present: Set<Role>): ShopifySlice {
  const out: ShopifySlice = { rows: [], images: [], variantImages: [], errors: [], warnings: [] };
  for (const run of runsOf(rows)) {
    // A product's rows are whole within a slice (import-file.ts cuts slices between handles).
    const names = namesOf(run.rows);
    const variantRows = run.rows.filter((r) => hasAny(r.cells, VARIANT_ROLES));
    let single = false;
    try {
      single = variantRows.length === 1 && isDefaultTitle(optionsOf(variantRows[0].cells, names));
    } catch {
      single = false; // its options cannot be read: the row reports why below
    }
    // The product's fields come from the run's first row; they ride on its first variant row (or stand alone).
    const head = run.rows[0];
    const productRow = variantRows[0] ?? (hasAny(head.cells, PRODUCT_ROLES) ? head : undefined);
    for (const { line, cells } of run.rows) {
      const image = cellOf(cells, "image_src");
      if (image !== "")
        out.images.push({ line, handle: run.handle, url: image, position: positionOf(cells, line, out.warnings), alt: cellOf(cells, "image_alt") || null });
      const isVariant = variantRows.some((r) => r.line === line);
      if (!isVariant && line !== productRow?.line) continue;
      // A row's warnings count only when the row can be read (an unreadable row is an error instead).
      const warnings: Issue[] = [];
      try {
        const options = isVariant ? optionsOf(cells, names) : [];
        const record: Partial<CsvRecord> = { handle: run.handle };
        if (line === productRow?.line) Object.assign(record, productColumns(head.cells, line, single, present, warnings));
        if (isVariant) Object.assign(record, variantColumns(cells, options, single, line, warnings));
        out.rows.push({ line, record: record as CsvRecord });
        out.warnings.push(...warnings);
        const variantImage = cellOf(cells, "variant_image");
        if (isVariant && variantImage !== "") {
          const sku = skuOf(cells, line, [])?.toLowerCase() ?? null;
          out.variantImages.push({ line, handle: run.handle, url: variantImage, sku, optionKey: optionKey(single ? [] : options), single });
        }
      } catch (error) {
        if (!(error instanceof MappingError)) throw error;
        out.errors.push({ line, message: error.message });
      }
    }
  }
  return out;
}

/** The product's own columns (its first row). */
function productColumns(cells: Cells, line: number, single: boolean, present: Set<Role>, warnings: Issue[]): Partial<CsvRecord> {
  const record: Partial<CsvRecord> = {
    title: cellOf(cells, "title"),
    // As given: the HTML is the description.
    description: cells.body ?? "",
    brand: cellOf(cells, "vendor"),
    product_type: single ? "single" : "variable",
    seo_title: cellOf(cells, "seo_title"),
    seo_description: cellOf(cells, "seo_description"),
    status: statusOf(cells, line, warnings) ?? "",
  };
  const tags = tagsOf(cells, line, present, warnings);
  if (tags !== undefined) record.tags = tags;
  return record;
}

function positionOf(cells: Cells, line: number, warnings: Issue[]): number | null {
  const text = cellOf(cells, "image_position");
  if (text === "") return null;
  if (/^\d+$/.test(text) && Number(text) >= 1) return Number(text);
  warnings.push({ line, message: `Image Position: "${text}" is not a position (1, 2, ...); the image goes after the numbered ones` });
  return null;
}
