// docs/admin.md "Week two" → "For integrators, in words" (docs/api/23-one-call-sync-and-imports.md), in Chromium by role and accessible name,
// through the real API: Products → "Import" with the choices "This service's CSV" and "Shopify CSV" takes a
// Shopify file (its classic header) whose images a real HTTP server on loopback serves, one of them a broken URL:
// the progress, the warning on its line and the ignored columns are said in words; the same file with "This
// service's CSV" chosen is still read as Shopify's (the header decides), and the console says so. "Export" offers
// "Shopify CSV": the download's header is Shopify's. On a phone: the screen fits 390 px and passes axe.
import { once } from "node:events";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, png, recordForeignRequests, signedInAdmin } from "./support";

const PHONE = { width: 390, height: 844 };

const HEADER = [
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
const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
const csvOf = (rows: Array<Record<string, string>>) =>
  [HEADER, ...rows.map((r) => HEADER.map((h) => r[h] ?? ""))].map((cells) => cells.map(quote).join(",")).join("\r\n") + "\r\n";

/** Serves /front.png and /back.png (real PNGs); every other path is 404. Counts requests. */
async function imageServer() {
  const served: string[] = [];
  const server: Server = createServer((req, res) => {
    served.push(req.url ?? "");
    const colour: Record<string, [number, number, number]> = { "/front.png": [200, 60, 40], "/back.png": [40, 90, 200] };
    const rgb = colour[req.url ?? ""];
    if (!rgb) return res.writeHead(404).end("gone");
    const body = png(32, rgb);
    res.writeHead(200, { "Content-Type": "image/png", "Content-Length": body.length }).end(body);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  return { base: `http://127.0.0.1:${port}`, served, close: () => new Promise((r) => server.close(r)) };
}

/** A Shopify file: a variable hoodie (two images, then an image-only row whose URL is broken: line 4) and a single mug. */
function shopifyFile(base: string, suffix: string) {
  return csvOf([
    {
      Handle: `hoodie-${suffix}`,
      Title: `Hoodie ${suffix}`,
      "Body (HTML)": "<p>Warm</p>",
      Vendor: "Acme",
      Type: "Hoodies",
      Tags: "winter",
      Published: "TRUE",
      "Option1 Name": "Size",
      "Option1 Value": "S",
      "Variant SKU": `H-S-${suffix}`,
      "Variant Inventory Qty": "4",
      "Variant Price": "40.00",
      "Image Src": `${base}/front.png`,
      "Image Position": "1",
      "Image Alt Text": "Front",
      "Gift Card": "FALSE",
      "Google Shopping / MPN": "X1",
      Status: "active",
    },
    {
      Handle: `hoodie-${suffix}`,
      "Option1 Value": "M",
      "Variant SKU": `H-M-${suffix}`,
      "Variant Inventory Qty": "2",
      "Variant Price": "41.00",
      "Image Src": `${base}/back.png`,
      "Image Position": "2",
    },
    { Handle: `hoodie-${suffix}`, "Image Src": `${base}/missing.png`, "Image Position": "3", "Image Alt Text": "Side" },
    {
      Handle: `mug-${suffix}`,
      Title: `Mug ${suffix}`,
      "Option1 Name": "Title",
      "Option1 Value": "Default Title",
      "Variant SKU": `MUG-${suffix}`,
      "Variant Price": "9.50",
      "Variant Inventory Qty": "12",
      Status: "draft",
    },
  ]);
}

async function importFile(page: Page, choice: "This service's CSV" | "Shopify CSV", csv: string) {
  const choices = page.getByRole("group", { name: "Import" });
  await choices.getByRole("radio", { name: choice }).check();
  await page.getByLabel("CSV file").setInputFiles({ name: "shopify-products.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const status = page.getByRole("status").filter({ hasText: /^Import (done|failed)/ });
  await expect(status).toBeVisible({ timeout: 60_000 });
  return status;
}

test("Import offers This service's CSV and Shopify CSV, says a broken image URL in words; Export offers Shopify CSV", async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  const foreign = await recordForeignRequests(page, new URL(baseURL!).origin);
  const images = await imageServer();
  try {
    await signedInAdmin(page, request, "Shopify arrivals");

    await test.step("the choices, each with what it expects", async () => {
      const choices = page.getByRole("group", { name: "Import" });
      await expect(choices.getByRole("radio")).toHaveCount(2);
      await expect(choices.getByRole("radio", { name: "This service's CSV" })).toBeChecked();
      await choices.getByRole("radio", { name: "Shopify CSV" }).check();
      await expect(choices).toContainText("Images are fetched from their Image Src URLs");
      await expect(choices).toContainText("recognised from the file's header either way");
    });

    await test.step("a Shopify file with one broken image URL: progress, the warning on its line, the ignored columns", async () => {
      const status = await importFile(page, "Shopify CSV", shopifyFile(images.base, "a"));
      await expect(status).toContainText("Import done: 4 of 4 rows; 2 products created, 0 updated; 3 variants created, 0 updated; 1 warning.");
      await expect(status).toContainText("Read as a Shopify CSV.");
      const bar = page.getByRole("progressbar", { name: "Import progress" });
      expect(await bar.evaluate((e) => [(e as HTMLProgressElement).value, (e as HTMLProgressElement).max])).toEqual([4, 4]);
      const warnings = page.getByRole("list", { name: "Import warnings" }).getByRole("listitem");
      await expect(warnings).toHaveCount(1);
      await expect(warnings.first()).toContainText(
        /^Line 4: Image Src: .*missing\.png could not be fetched \(HTTP 404\); the product was imported without it$/,
      );
      await expect(page.getByRole("list", { name: "Import errors" })).toHaveCount(0);
      const ignored = page.getByRole("list", { name: "Ignored columns" });
      await expect(ignored.getByRole("listitem").filter({ hasText: /^Google Shopping \/ MPN$/ })).toHaveCount(1);
      await expect(ignored).toContainText("Gift Card");
      await expect(ignored).not.toContainText("Variant SKU");
      // The two good images were fetched; the broken one was tried.
      expect(images.served.sort()).toEqual(["/back.png", "/front.png", "/missing.png"]);
      await expect(page.getByRole("row", { name: /Hoodie a/ })).toBeVisible();
      await expect(page.getByRole("row", { name: /Mug a/ })).toBeVisible();
      await expectAccessible(page, "products after a Shopify import with a warning");
    });

    await test.step("the same layout with This service's CSV chosen: read as Shopify's all the same, and said so", async () => {
      const status = await importFile(page, "This service's CSV", shopifyFile(images.base, "b"));
      // The first import's result is replaced by this one's (the sentence below is only in the new one).
      await expect(status).toContainText("Read as a Shopify CSV: its header says so, although this service's CSV was chosen.");
      await expect(status).toContainText("2 products created");
      await expect(page.getByRole("list", { name: "Import warnings" })).toContainText("Line 4: Image Src:");
    });

    await test.step("Export offers Shopify CSV: a download in Shopify's layout", async () => {
      await expect(page.getByRole("group", { name: "Export as" }).getByRole("button")).toHaveText(["Export", "Shopify CSV"]);
      const downloading = page.waitForEvent("download");
      await page.getByRole("button", { name: "Shopify CSV" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe("products-shopify.csv");
      const csv = await readFile(await download.path(), "utf8");
      expect(csv.startsWith("Handle,Title,Body (HTML)")).toBe(true);
      expect(csv).toContain("hoodie-a");
      expect(csv).toContain(`${new URL(baseURL!).origin}/media/`);
    });
    expect(foreign).toEqual([]);
  } finally {
    await images.close();
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("the import's choices, warnings and ignored columns fit 390 px", async ({ page, request }) => {
    test.setTimeout(180_000);
    const images = await imageServer();
    try {
      await signedInAdmin(page, request, "A phone shop importing");
      const status = await importFile(page, "Shopify CSV", shopifyFile(images.base, "phone"));
      await expect(status).toContainText("1 warning");
      await expect(page.getByRole("list", { name: "Import warnings" })).toContainText("could not be fetched (HTTP 404)");
      await page.waitForLoadState("networkidle");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      // What sticks out, named in the failure (a fieldset's default min-width once did).
      const wide = await page.evaluate(
        (max) =>
          [...document.querySelectorAll("body *")]
            .filter((e) => e.getBoundingClientRect().right > max)
            .slice(0, 8)
            .map((e) => `${e.tagName}.${e.className}`)
            .join(" "),
        PHONE.width,
      );
      expect(width, `products after an import is ${width} px wide: ${wide}`).toBeLessThanOrEqual(PHONE.width);
      await expectAccessible(page, "products after a Shopify import (phone)");
    } finally {
      await images.close();
    }
  });
});
