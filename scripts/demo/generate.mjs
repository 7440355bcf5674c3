// Writes the demo store's files from scripts/demo/catalog.mjs: scripts/demo/products.csv (Shopify's classic product
// CSV template, its exact 51-column header) and scripts/demo/images/*.png. Run once after editing the catalog
// (`node scripts/demo/generate.mjs`) and commit the output; `npm run dev` only reads the files. The image URLs in the
// CSV start with IMAGE_BASE, which `npm run dev` rewrites to its local image server (scripts/demo/seed.mjs).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CATALOG, IMAGE_BASE } from "./catalog.mjs";
import { ICONS } from "./icons.mjs";
import { Canvas } from "./png.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const SIZE = 240;

export const HEADER = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Product Category",
  "Type",
  "Tags",
  "Published",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "Variant SKU",
  "Variant Grams",
  "Variant Inventory Tracker",
  "Variant Inventory Qty",
  "Variant Inventory Policy",
  "Variant Fulfillment Service",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Requires Shipping",
  "Variant Taxable",
  "Variant Barcode",
  "Image Src",
  "Image Position",
  "Image Alt Text",
  "Gift Card",
  "SEO Title",
  "SEO Description",
  "Google Shopping / Google Product Category",
  "Google Shopping / Gender",
  "Google Shopping / Age Group",
  "Google Shopping / MPN",
  "Google Shopping / AdWords Grouping",
  "Google Shopping / AdWords Labels",
  "Google Shopping / Condition",
  "Google Shopping / Custom Product",
  "Google Shopping / Custom Label 0",
  "Google Shopping / Custom Label 1",
  "Google Shopping / Custom Label 2",
  "Google Shopping / Custom Label 3",
  "Google Shopping / Custom Label 4",
  "Variant Image",
  "Variant Weight Unit",
  "Variant Tax Code",
  "Cost per item",
  "Price / International",
  "Compare At Price / International",
  "Status",
];

const GRAMS = { Apparel: 350, Accessories: 120, Footwear: 900, Bags: 1100, Fitness: 1500, Home: 450, Stationery: 200 };
const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-");
/** A lighter second background for "detail" pictures. */
const detailBackground = "#f7f5f0";

/** The pictures of one product: [{file, alt, colour?, draw: canvas}]. */
function picturesOf(p) {
  const draw = (color, bg) => {
    const c = new Canvas(SIZE, SIZE, bg);
    ICONS[p.icon](c, color, p.accent);
    return c;
  };
  if (p.colours) {
    return Object.entries(p.colours).map(([name, color]) => ({
      file: `${p.handle}-${slug(name)}.png`,
      alt: `${p.title} in ${name}`,
      colour: name,
      canvas: draw(color, p.bg),
    }));
  }
  const pictures = [{ file: `${p.handle}.png`, alt: p.title, canvas: draw(p.color, p.bg) }];
  if (p.options || p.extra) pictures.push({ file: `${p.handle}-detail.png`, alt: `${p.title}, detail`, canvas: draw(p.color, detailBackground) });
  return pictures;
}

function rowsOf(p, pictures) {
  const status = p.status ?? "active";
  const variants = p.variants ?? [[["Default Title"], p.sku, p.price, p.qty, p.compare]];
  const optionNames = p.options ?? ["Title"];
  const colourAt = optionNames.indexOf("Colour");
  const seenColours = new Set();
  const rows = variants.map(([values, sku, price, qty, compare], i) => {
    const row = {
      Handle: p.handle,
      "Option1 Value": values[0],
      "Option2 Value": values[1] ?? "",
      "Option3 Value": values[2] ?? "",
      "Variant SKU": sku,
      "Variant Grams": String(GRAMS[p.type] ?? 300),
      "Variant Inventory Tracker": "shopify",
      "Variant Inventory Qty": String(qty),
      "Variant Inventory Policy": "deny",
      "Variant Fulfillment Service": "manual",
      "Variant Price": price,
      "Variant Compare At Price": compare ?? "",
      "Variant Requires Shipping": "TRUE",
      "Variant Taxable": "TRUE",
      "Variant Weight Unit": "g",
    };
    if (i === 0) {
      Object.assign(row, {
        Title: p.title,
        "Body (HTML)": p.body,
        Vendor: p.vendor,
        Type: p.type,
        Tags: p.tags,
        Published: status === "active" ? "TRUE" : "FALSE",
        "Option1 Name": optionNames[0],
        "Option2 Name": optionNames[1] ?? "",
        "Option3 Name": optionNames[2] ?? "",
        "Gift Card": "FALSE",
        "SEO Title": `${p.title} | Demo store`,
        "SEO Description": p.body.replace(/<[^>]+>/g, ""),
        Status: status,
      });
    }
    const colour = colourAt >= 0 ? values[colourAt] : null;
    if (colour && !seenColours.has(colour)) {
      seenColours.add(colour);
      row["Variant Image"] = IMAGE_BASE + pictures.find((pic) => pic.colour === colour).file;
    }
    return row;
  });
  // Shopify writes image n on the product's row n, and image-only rows (just the handle) after the variants.
  pictures.forEach((pic, i) => {
    if (!rows[i]) rows[i] = { Handle: p.handle };
    Object.assign(rows[i], { "Image Src": IMAGE_BASE + pic.file, "Image Position": String(i + 1), "Image Alt Text": pic.alt });
  });
  return rows;
}

const quote = (cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

export function generate(dir = here) {
  const imagesDir = path.join(dir, "images");
  rmSync(imagesDir, { recursive: true, force: true });
  mkdirSync(imagesDir, { recursive: true });
  const lines = [HEADER.join(",")];
  let bytes = 0;
  for (const p of CATALOG) {
    const pictures = picturesOf(p);
    for (const pic of pictures) {
      const png = pic.canvas.png();
      bytes += png.length;
      writeFileSync(path.join(imagesDir, pic.file), png);
    }
    for (const row of rowsOf(p, pictures)) lines.push(HEADER.map((h) => quote(row[h] ?? "")).join(","));
  }
  writeFileSync(path.join(dir, "products.csv"), `${lines.join("\r\n")}\r\n`);
  return { products: CATALOG.length, rows: lines.length - 1, images: readdirSync(imagesDir).length, bytes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = generate();
  console.log(`scripts/demo: ${r.products} products, ${r.rows} rows, ${r.images} images, ${(r.bytes / 1024).toFixed(0)} KiB of images`);
}
