// Shopify's product CSV header (docs/api/23-one-call-sync-and-imports.md): the two generations of column names Shopify has written, which
// of them mean something here (a role), and how a file is recognised. docs/sync.md "Shopify's product CSV" lists
// every accepted spelling. A Shopify file is recognised by its handle column, spelled as Shopify spells it
// (`Handle` or `URL handle`): this service's own layout names it `handle`, so the two never meet.

/** Shopify's product CSV template as it was published until 2024 (Products → Import → sample CSV). */
export const SHOPIFY_HEADER_CLASSIC = [
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
] as const;

/** What a Shopify column means here. Every other column is ignored (and listed in the import's ignored_columns). */
export const ROLES = {
  handle: ["Handle", "URL handle"],
  title: ["Title"],
  body: ["Body (HTML)", "Description"],
  vendor: ["Vendor"],
  category: ["Product Category", "Product category", "Standardized Product Type"],
  type: ["Type", "Custom Product Type"],
  tags: ["Tags"],
  published: ["Published", "Published on online store"],
  status: ["Status"],
  option1_name: ["Option1 Name", "Option1 name"],
  option1_value: ["Option1 Value", "Option1 value"],
  option2_name: ["Option2 Name", "Option2 name"],
  option2_value: ["Option2 Value", "Option2 value"],
  option3_name: ["Option3 Name", "Option3 name"],
  option3_value: ["Option3 Value", "Option3 value"],
  sku: ["Variant SKU", "SKU"],
  grams: ["Variant Grams", "Weight value (grams)"],
  quantity: ["Variant Inventory Qty", "Inventory quantity"],
  price: ["Variant Price", "Price"],
  compare_at: ["Variant Compare At Price", "Compare-at price"],
  image_src: ["Image Src", "Product image URL"],
  image_position: ["Image Position", "Image position"],
  image_alt: ["Image Alt Text", "Image alt text"],
  variant_image: ["Variant Image", "Variant image URL"],
  seo_title: ["SEO Title", "SEO title"],
  seo_description: ["SEO Description", "SEO description"],
} as const satisfies Record<string, readonly string[]>;

export type Role = keyof typeof ROLES;

const ROLE_OF = new Map<string, Role>(
  (Object.entries(ROLES) as Array<[Role, readonly string[]]>).flatMap(([role, names]) => names.map((n) => [n.toLowerCase(), role] as const)),
);

/** A Shopify file names its handle `Handle` or `URL handle`, exactly as Shopify writes it. */
export const isShopifyHeader = (header: string[]) => header.includes("Handle") || header.includes("URL handle");

export interface ShopifyHeader {
  /** Per column, the role it carries, or "" for a column that is ignored. */
  roles: Array<Role | "">;
  /** The ignored columns, once each, in header order. */
  ignored: string[];
  /** Where the handle is: slices end between two handles (one product's rows are read together). */
  handleIndex: number;
}

/**
 * Each column's role. A spelling is matched without regard to case (Shopify changed the case of several names); a
 * role named twice keeps its first column and the second is ignored.
 */
export function readShopifyHeader(header: string[]): ShopifyHeader {
  const seen = new Set<Role>();
  const ignored: string[] = [];
  const roles = header.map((name): Role | "" => {
    const role = ROLE_OF.get(name.toLowerCase());
    if (role && !seen.has(role)) {
      seen.add(role);
      return role;
    }
    if (name !== "" && !ignored.includes(name)) ignored.push(name);
    return "";
  });
  return { roles, ignored, handleIndex: roles.indexOf("handle") };
}
