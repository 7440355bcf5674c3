// The demo store's catalog (docs/api/23-one-call-sync-and-imports.md, "A store to look at on the first run"): the source that
// scripts/demo/generate.mjs turns into scripts/demo/products.csv (Shopify's classic product CSV) and the pictures
// in scripts/demo/images/. Edit here, run `node scripts/demo/generate.mjs`, commit all three.
//
// Each product: handle, title, body (HTML), vendor, type, tags, status (active | draft | archived), icon (icons.mjs),
// colour, accent, background; single products have `sku`, `price`, `qty` (and `compare`); variable products have
// `options` (names) and `variants` ([values, sku, price, qty, compare?]); a variable product whose first option is
// "Colour" gets one picture per colour, assigned to that colour's first variant (Shopify's `Variant Image`).

const sizes = (prefix, list, price, qty, extra = {}) => list.map((s, i) => [[s], `${prefix}-${s}`, price, qty[i % qty.length], extra.compare]);

export const IMAGE_BASE = "http://demo-images.invalid/";

export const CATALOG = [
  {
    handle: "classic-tee", title: "Classic Tee", vendor: "Northwind", type: "Apparel", tags: "apparel, cotton, summer", icon: "tee",
    body: "<p>Heavyweight organic cotton, cut a little boxy. <strong>Pre-washed</strong>, so it keeps its shape.</p>",
    colours: { Black: "#2b2b2b", White: "#f4f4f0", Sage: "#9bb39a" }, accent: "#d9d4c7", bg: "#e9e4da",
    options: ["Colour", "Size"],
    variants: ["Black", "White", "Sage"].flatMap((c) => ["S", "M", "L", "XL"].map((s, i) => [[c, s], `TEE-${c.slice(0, 3).toUpperCase()}-${s}`, "28.00", [6, 14, 9, 0][i]])),
  },
  {
    handle: "pullover-hoodie", title: "Pullover Hoodie", vendor: "Northwind", type: "Apparel", tags: "apparel, winter", icon: "hoodie",
    body: "<p>Brushed fleece inside, a roomy hood and a kangaroo pocket.</p>",
    colours: { Heather: "#9a9ea3", Navy: "#24324f" }, accent: "#6e7379", bg: "#dfe3e8",
    options: ["Colour", "Size"],
    variants: ["Heather", "Navy"].flatMap((c) => ["S", "M", "L"].map((s, i) => [[c, s], `HOOD-${c.slice(0, 3).toUpperCase()}-${s}`, "64.00", [4, 7, 3][i], "78.00"])),
  },
  {
    handle: "baseball-cap", title: "Baseball Cap", vendor: "Fjord & Co", type: "Accessories", tags: "accessories, summer, sale", icon: "cap",
    body: "<p>Six panels of washed twill with an adjustable brass buckle.</p>",
    colours: { Navy: "#24324f", Rust: "#b5532f", Olive: "#6b6f3a" }, accent: "#e0c9a6", bg: "#f0ebe1",
    options: ["Colour"],
    variants: [[["Navy"], "CAP-NAVY", "19.00", 12, "24.00"], [["Rust"], "CAP-RUST", "19.00", 8, "24.00"], [["Olive"], "CAP-OLIVE", "19.00", 0, "24.00"]],
  },
  {
    handle: "knit-beanie", title: "Knit Beanie", vendor: "Fjord & Co", type: "Accessories", tags: "accessories, winter, wool", icon: "beanie",
    body: "<p>Ribbed merino with a fold-up cuff and a pompom that survives the wash.</p>",
    colours: { Mustard: "#d4a531", Charcoal: "#3c3f44" }, accent: "#f3efe6", bg: "#e6e9ee",
    options: ["Colour"],
    variants: [[["Mustard"], "BEANIE-MUS", "24.00", 15], [["Charcoal"], "BEANIE-CHA", "24.00", 20]],
  },
  {
    handle: "trail-runner", title: "Trail Runner", vendor: "Stride", type: "Footwear", tags: "footwear, running", icon: "sneaker",
    body: "<p>Grippy lugs, a rock plate and a breathable upper for long days on rough ground.</p>",
    accent: "#f3efe6", color: "#2f6f8f", bg: "#dde9ee",
    options: ["Size"],
    variants: sizes("TRAIL", ["40", "41", "42", "43", "44", "45"], "129.00", [2, 5, 6, 4, 3, 1]),
  },
  {
    handle: "rolltop-backpack", title: "Rolltop Backpack", vendor: "Fjord & Co", type: "Bags", tags: "bags, travel", icon: "backpack",
    body: "<p>Waxed canvas, a padded laptop sleeve and a roll-top that swallows a weekend.</p>",
    colours: { Black: "#2b2b2b", Sand: "#c9b48f" }, accent: "#8a6a44", bg: "#efe9df",
    options: ["Colour"],
    variants: [[["Black"], "PACK-BLK", "98.00", 6], [["Sand"], "PACK-SND", "98.00", 4]],
  },
  {
    handle: "merino-scarf", title: "Merino Scarf", vendor: "Fjord & Co", type: "Accessories", tags: "accessories, winter, wool, sale", icon: "scarf",
    body: "<p>Long enough to wrap twice; soft enough to forget it is wool.</p>",
    colours: { Rust: "#b5532f", Forest: "#2f5a3f" }, accent: "#f3efe6", bg: "#ece6dc",
    options: ["Colour"],
    variants: [[["Rust"], "SCARF-RUST", "36.00", 9, "45.00"], [["Forest"], "SCARF-FOR", "36.00", 11, "45.00"]],
  },
  {
    handle: "denim-jacket", title: "Denim Jacket", vendor: "Northwind", type: "Apparel", tags: "apparel, denim", icon: "jacket",
    body: "<p>Rigid selvedge denim that fades to you. Copper buttons.</p>",
    accent: "#c08a3e", color: "#3b5a85", bg: "#e1e6ee",
    options: ["Size"],
    variants: sizes("DENIM", ["S", "M", "L", "XL"], "110.00", [3, 5, 5, 2]),
  },
  {
    handle: "rain-jacket", title: "Rain Jacket", vendor: "Stride", type: "Apparel", tags: "apparel, outdoor", icon: "jacket",
    body: "<p>Three-layer shell, taped seams and pit zips. Packs into its own pocket.</p>",
    colours: { Yellow: "#e3b62b", Navy: "#24324f" }, accent: "#f3efe6", bg: "#e4e8ea",
    options: ["Colour", "Size"],
    variants: ["Yellow", "Navy"].flatMap((c) => ["S", "M", "L"].map((s, i) => [[c, s], `RAIN-${c.slice(0, 3).toUpperCase()}-${s}`, "149.00", [2, 4, 3][i]])),
  },
  {
    handle: "yoga-mat", title: "Yoga Mat", vendor: "Stride", type: "Fitness", tags: "fitness", icon: "mat",
    body: "<p>Natural rubber with a grippy top. Comes with a carry strap.</p>",
    colours: { Teal: "#2a8a86", Plum: "#6b3a5e" }, accent: "#f3efe6", bg: "#e8ecea",
    options: ["Colour", "Thickness"],
    variants: ["Teal", "Plum"].flatMap((c) => ["4 mm", "6 mm"].map((t, i) => [[c, t], `MAT-${c.slice(0, 3).toUpperCase()}-${t.slice(0, 1)}`, i ? "58.00" : "52.00", 6])),
  },
  {
    handle: "sunglasses", title: "Round Sunglasses", vendor: "Fjord & Co", type: "Accessories", tags: "accessories, summer", icon: "sunglasses",
    body: "<p>Acetate frames, polarised lenses, UV400.</p>",
    colours: { Tortoise: "#6b4325", Black: "#222222" }, accent: "#4a5a66", bg: "#f1ece3",
    options: ["Frame"],
    variants: [[["Tortoise"], "SUN-TORT", "69.00", 10], [["Black"], "SUN-BLK", "69.00", 10]],
  },
  {
    handle: "leather-wallet", title: "Leather Wallet", vendor: "Northwind", type: "Accessories", tags: "accessories, leather, gift", icon: "wallet",
    body: "<p>Vegetable-tanned leather, six card slots, hand-stitched.</p>",
    colours: { Brown: "#7a4a2a", Black: "#2b2b2b" }, accent: "#a7744d", bg: "#efe7dd",
    options: ["Colour"],
    variants: [[["Brown"], "WALLET-BRN", "55.00", 7], [["Black"], "WALLET-BLK", "55.00", 5]],
  },
  {
    handle: "wool-socks", title: "Wool Socks", vendor: "Northwind", type: "Apparel", tags: "apparel, winter, wool", icon: "socks",
    body: "<p>Cushioned merino blend. Three pairs in a box.</p>",
    accent: "#f3efe6", color: "#8a3b3b", bg: "#eee6e2",
    options: ["Size"],
    variants: sizes("SOCKS", ["S", "M", "L"], "21.00", [12, 18, 10]),
  },
  // Single products (Shopify's "Title" / "Default Title").
  { handle: "ceramic-mug", title: "Ceramic Mug", vendor: "Kiln House", type: "Home", tags: "home, kitchen, gift", icon: "mug", color: "#3f6e8c", accent: "#f3efe6", bg: "#e7eef1", sku: "MUG-CER", price: "14.00", qty: 40, body: "<p>Stoneware, 350 ml, dishwasher safe.</p>", extra: 1 },
  { handle: "enamel-camp-mug", title: "Enamel Camp Mug", vendor: "Kiln House", type: "Home", tags: "home, outdoor", icon: "mug", color: "#f3efe6", accent: "#24324f", bg: "#dbe3ea", sku: "MUG-ENA", price: "16.00", qty: 25, body: "<p>Steel with a glossy enamel coat and a navy rim.</p>" },
  { handle: "canvas-tote", title: "Canvas Tote Bag", vendor: "Fjord & Co", type: "Bags", tags: "bags, cotton, gift", icon: "tote", color: "#e6d8b8", accent: "#7a5a3a", bg: "#f3efe6", sku: "TOTE-CAN", price: "18.00", qty: 30, body: "<p>Heavy canvas with long handles and an inside pocket.</p>" },
  { handle: "dot-grid-notebook", title: "Dot Grid Notebook", vendor: "Paper Mill", type: "Stationery", tags: "stationery, gift", icon: "notebook", color: "#2f5a3f", accent: "#e0c9a6", bg: "#ecefe8", sku: "NOTE-DOT", price: "12.50", qty: 60, body: "<p>A5, 160 pages of 100 g paper that takes fountain pens.</p>" },
  { handle: "soy-candle", title: "Soy Candle", vendor: "Kiln House", type: "Home", tags: "home, gift, sale", icon: "candle", color: "#f0e6d2", accent: "#b5532f", bg: "#efe4dc", sku: "CANDLE-SOY", price: "22.00", compare: "28.00", qty: 18, body: "<p>Cedar and bergamot, about 45 hours of burn.</p>", extra: 1 },
  { handle: "steel-water-bottle", title: "Steel Water Bottle", vendor: "Stride", type: "Fitness", tags: "fitness, outdoor", icon: "bottle", color: "#2a8a86", accent: "#f3efe6", bg: "#e1ecea", sku: "BOTTLE-750", price: "29.00", qty: 22, body: "<p>Double-walled, 750 ml: cold for a day, hot for twelve hours.</p>" },
  { handle: "sticker-pack", title: "Sticker Pack", vendor: "Paper Mill", type: "Stationery", tags: "stationery", icon: "stickers", color: "#e3b62b", accent: "#2a8a86", bg: "#f3efe6", sku: "STICK-PACK", price: "6.00", qty: 120, body: "<p>Eight weatherproof vinyl stickers.</p>" },
  { handle: "mountain-art-print", title: "Mountain Art Print", vendor: "Paper Mill", type: "Home", tags: "home, art", icon: "print", color: "#3b5a85", accent: "#2b2b2b", bg: "#e9e6e0", sku: "PRINT-MTN", price: "35.00", qty: 14, body: "<p>Giclée on cotton rag, 30 × 40 cm, unframed.</p>" },
  { handle: "cork-coaster-set", title: "Cork Coaster Set", vendor: "Kiln House", type: "Home", tags: "home, kitchen", icon: "coasters", color: "#c99a64", accent: "#8a6a44", bg: "#f1ece3", sku: "COAST-4", price: "15.00", qty: 35, body: "<p>Four coasters of natural cork.</p>" },
  { handle: "brass-keyring", title: "Brass Keyring", vendor: "Northwind", type: "Accessories", tags: "accessories, gift", icon: "keyring", color: "#c69c3c", accent: "#8a8f96", bg: "#eceae4", sku: "KEY-BRASS", price: "9.00", qty: 50, body: "<p>Solid brass; gets better with age.</p>" },
  { handle: "linen-napkins", title: "Linen Napkins, set of 4", vendor: "Kiln House", type: "Home", tags: "home, kitchen, sale", icon: "napkins", color: "#c7d2c0", accent: "#9aa891", bg: "#f3efe6", sku: "NAPKIN-4", price: "24.00", compare: "30.00", qty: 16, body: "<p>Stonewashed linen, 45 × 45 cm.</p>" },
  { handle: "ceramic-planter", title: "Ceramic Planter", vendor: "Kiln House", type: "Home", tags: "home, garden", icon: "planter", color: "#d9a384", accent: "#b5532f", bg: "#eef0ea", sku: "PLANT-M", price: "27.00", qty: 0, body: "<p>Terracotta-tinted glaze with a drainage hole and saucer.</p>" },
  { handle: "desk-lamp", title: "Desk Lamp", vendor: "Northwind", type: "Home", tags: "home, lighting", icon: "lamp", color: "#b5532f", accent: "#3c3f44", bg: "#e6e9ee", sku: "LAMP-DESK", price: "79.00", qty: 5, status: "draft", body: "<p>Coming soon: a steel task lamp with a warm LED.</p>" },
  { handle: "gift-wrap", title: "Gift Wrap", vendor: "Paper Mill", type: "Stationery", tags: "stationery, gift", icon: "napkins", color: "#b5532f", accent: "#e3b62b", bg: "#f6efe4", sku: "WRAP-3", price: "8.00", qty: 0, status: "archived", body: "<p>Three sheets of recycled kraft paper. No longer sold.</p>" },
];
