// The products screen's CSV import (progress bar and skipped rows) and its cursor pages, and the export (a download
// through the console's API client, so a 401 ends the session like any other call), in the browser.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { expectAccessible, signedInAdmin } from "./support";

const HEADER =
  "handle,title,description,brand,product_type,status,seo_title,seo_description,variant_sku,variant_title," +
  "option1_name,option1_value,option2_name,option2_value,option3_name,option3_value,price,stock,fulfillment_mode," +
  "length_mm,width_mm,height_mm,weight_g";

test("Import shows its progress and skipped rows; the list pages by cursor and keeps its place", async ({ page, request }) => {
  test.setTimeout(240_000);
  const password = "a-long-password-9";
  const email = `importer-${Date.now().toString(36)}@example.test`;
  expect((await request.post("/users", { data: { email, password, name: "Importer" } })).status()).toBe(201);
  const jwt = (await (await request.post("/login", { data: { email, password } })).json()).token as string;
  const auth = { Authorization: `Bearer ${jwt}` };
  const store = await (await request.post("/stores", { headers: auth, data: { name: "Imports" } })).json();

  await page.goto("/admin/login");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();

  const rows = [HEADER];
  for (let i = 1; i <= 25; i++) rows.push(`item-${i},Item ${i},,,single,draft,,,SKU-${i},,,,,,,,${i}.00,${i},,,,,`);
  rows.push("broken,,,,,,,,X-1,,,,,,,,1.00,1,,,,,"); // line 27: no product with this handle, no title
  await page.getByLabel("CSV file").setInputFiles({ name: "catalog.csv", mimeType: "text/csv", buffer: Buffer.from(rows.join("\r\n")) });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: /Import done/ })).toContainText("26 of 26 rows", { timeout: 60_000 });
  await expect(page.getByRole("progressbar", { name: "Import progress" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Import errors" })).toContainText("Line 27");
  await expectAccessible(page, "products (after an import)");

  // 25 products: page 1 shows 20, newest first. A product changed meanwhile does not shift page 2.
  await expect(page.getByRole("row", { name: /Item 25/ })).toBeVisible();
  const listed = await (await request.get(`/stores/${store.id}/products?include_drafts=true&limit=1&offset=20`, { headers: auth })).json();
  const firstOfPage2 = listed.data[0].title as string;
  const newest = await (await request.get(`/stores/${store.id}/products?include_drafts=true&limit=1`, { headers: auth })).json();
  await request.patch(`/stores/${store.id}/products/${newest.data[0].id}`, { headers: auth, data: { title: "Item 25 renamed" } });
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByRole("row", { name: new RegExp(`${firstOfPage2}\\b`) })).toBeVisible();
  await expect(page.getByText("21–25 of 25")).toBeVisible();
  await expect(page.getByRole("button", { name: "Next page" })).toBeDisabled();
  await page.getByRole("button", { name: "Previous page" }).click();
  await expect(page.getByText("1–20 of 25")).toBeVisible();
});

test("Export downloads the catalog as CSV with the session; once the session is over, it returns to sign-in", async ({ page, request }) => {
  const { storeId, auth } = await signedInAdmin(page, request, "Exports");
  const made = await request.post(`/stores/${storeId}/products`, {
    headers: auth,
    data: { title: "Exported mug", product_type: "single", default_price_cents: 1250 },
  });
  expect(made.status()).toBe(201);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("products.csv");
  const csv = await readFile(await download.path(), "utf8");
  expect(csv.split(/\r?\n/)[0]).toMatch(/^handle,title,/);
  expect(csv).toContain("Exported mug");

  // The console's session is revoked elsewhere: the export's 401 ends it here, as any API call's does.
  const session = await page.evaluate(() => JSON.parse(sessionStorage.getItem("bod.session") ?? "null") as { token: string });
  expect((await request.post("/logout", { headers: { Authorization: `Bearer ${session.token}` }, data: {} })).status()).toBeLessThan(300);
  await page.getByRole("button", { name: "Export" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Your session has ended" })).toBeVisible();
});
