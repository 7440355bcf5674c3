// docs/admin.md "Week three", Prices part (docs/api/24-prices.md), in Chromium by role and accessible name through the real
// API: Customers → "Customer groups" (add; delete refused in words while a price list names the group) and a
// customer's groups ("Add to group", "Remove from group"); Settings → "Price lists" with "Add price list" (combobox
// "Currency", spinbutton "Priority", a country picked, a group, "Ends" on the store's clock); a JPY list's "Add
// prices" grid (an amount with decimals JPY has not refused before sending; an unknown SKU refused by the API on its
// row and cell, nothing saved; fixed, saved in one request), "500" shown for ¥500 and "5.000" for 5000 fils,
// "Activate"; the variant dialog's table "Prices"; "New order" in EUR for DE with each line's price and its source,
// a line with no price said in words and refused before anything is sent. axe at 1280 px and at 390 px, where the
// screens also fit; no request leaves the origin.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectAccessible, recordForeignRequests, signedInAdmin } from "./support";

const PHONE = { width: 390, height: 844 };

async function navigateTo(page: Page, link: string, heading: string) {
  const nav = page.getByRole("navigation", { name: "Main" });
  // The shell is there (its "Sign out" shows at every width) before the navigation's visibility is read.
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  if (!(await nav.getByRole("link", { name: link }).isVisible())) await page.getByRole("button", { name: "Menu" }).click();
  await nav.getByRole("link", { name: link }).click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

async function expectFits(page: Page, screen: string) {
  await page.waitForLoadState("networkidle");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${screen} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page, `${screen} (phone)`);
}

/** A table's row by the exact text of one of its cells. */
const rowWithCell = (page: Page, table: string, cell: string) =>
  page
    .getByRole("table", { name: table, exact: true })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: cell, exact: true }) });

/** A single live product with a SKU and stock; returns its id and its variant's. */
async function product(request: APIRequestContext, storeId: string, auth: Record<string, string>, title: string, sku: string, priceCents: number) {
  const created = await request.post(`/stores/${storeId}/products`, {
    headers: auth,
    data: { title, product_type: "single", default_price_cents: priceCents, status: "live" },
  });
  expect(created.status()).toBe(201);
  const body = await created.json();
  const variantId = body.variants[0].id as string;
  const patched = await request.patch(`/stores/${storeId}/products/${body.id}/variants/${variantId}`, { headers: auth, data: { sku, stock: 20 } });
  expect(patched.status()).toBe(200);
  return { productId: body.id as string, variantId };
}

test("prices: customer groups, price lists in JPY and KWD with the grid, the variant's prices, an order in EUR for DE", async ({ page, request, baseURL }) => {
  test.setTimeout(300_000);
  const foreign = await recordForeignRequests(page, new URL(baseURL!).origin);
  const { storeId, auth } = await signedInAdmin(page, request, "Prices shop");
  // A store in US dollars on Tokyo's clock: a list's schedule is typed and shown in Tokyo time.
  expect((await request.patch(`/stores/${storeId}`, { headers: auth, data: { timezone: "Asia/Tokyo" } })).status()).toBe(200);
  const stool = await product(request, storeId, auth, "Oak stool", "OAK-1", 4500);
  await product(request, storeId, auth, "Linen shirt", "LIN-1", 3000);
  const customer = await (
    await request.post(`/stores/${storeId}/customers`, { headers: auth, data: { email: "wholesale.buyer@example.test", name: "Wholesale Buyer" } })
  ).json();
  const listsNamed = async (name: string) => {
    const lists = (await (await request.get(`/stores/${storeId}/price-lists?limit=100`, { headers: auth })).json()).data as Array<Record<string, unknown>>;
    return lists.find((l) => l.name === name)!;
  };
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();

  await test.step("Customers → Customer groups: Add customer group", async () => {
    await navigateTo(page, "Customers", "Customers");
    await expect(page.getByRole("heading", { level: 2, name: "Customer groups" })).toBeVisible();
    await expect(page.getByText("No customer groups yet.")).toBeVisible();
    await page.getByRole("button", { name: "Add customer group" }).click();
    const dialog = page.getByRole("dialog", { name: "Add customer group" });
    await dialog.getByRole("textbox", { name: "Group name" }).fill("Wholesale");
    await expect(dialog.getByRole("textbox", { name: "Code" })).toHaveValue("wholesale");
    await expectAccessible(page, "add customer group dialog");
    await dialog.getByRole("button", { name: "Add group" }).click();
    await expect(dialog).toBeHidden();
    await expect(rowWithCell(page, "Customer groups", "Wholesale")).toContainText("wholesale");
    await expect(page.getByRole("status").filter({ hasText: "Added Wholesale" })).toBeVisible();
    await expectAccessible(page, "customers with their groups");
  });

  await test.step("a customer's page: Add to group, Remove from group, Add to group again", async () => {
    await page.getByRole("link", { name: "wholesale.buyer@example.test" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Wholesale Buyer" })).toBeVisible();
    const card = page.getByRole("region", { name: "Customer groups" });
    await expect(card.getByText(/In no group/)).toBeVisible();
    const addToGroup = async () => {
      await card.getByRole("button", { name: "Add to group" }).click();
      const dialog = page.getByRole("dialog", { name: "Add to group" });
      await dialog.getByRole("combobox", { name: "Group" }).selectOption({ label: "Wholesale" });
      await dialog.getByRole("button", { name: "Add to group" }).click();
      await expect(dialog).toBeHidden();
      await expect(rowWithCell(page, "Groups of this customer", "Wholesale")).toBeVisible();
    };
    await addToGroup();
    await expect(card.getByRole("status")).toHaveText("Added to Wholesale");
    await expectAccessible(page, "customer page with a group");
    await card.getByRole("button", { name: "Remove from group Wholesale" }).click();
    await expect(card.getByText(/In no group/)).toBeVisible();
    await expect(card.getByRole("status")).toHaveText("Removed from Wholesale");
    await addToGroup();
    const stored = await (await request.get(`/stores/${storeId}/customers/${customer.id}`, { headers: auth })).json();
    expect(stored.group_ids).toHaveLength(1);
  });

  const prices = page.getByRole("table", { name: "Prices", exact: true });
  const priceRow = (sku: string, min: string) =>
    prices
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: sku, exact: true }) })
      .filter({ has: page.getByRole("cell", { name: min, exact: true }) });

  await test.step("Settings → Price lists: Add price list in JPY for Japan, until a moment on the store's clock", async () => {
    await navigateTo(page, "Settings", "Settings");
    await expect(page.getByRole("heading", { level: 2, name: "Price lists" })).toBeVisible();
    await expect(page.getByText("No price lists yet.")).toBeVisible();
    await page.getByRole("button", { name: "Add price list" }).click();
    const dialog = page.getByRole("dialog", { name: "Add price list" });
    await dialog.getByRole("textbox", { name: "Price list name" }).fill("Japan retail");
    await expect(dialog.getByRole("textbox", { name: "Code" })).toHaveValue("japan-retail");
    const currency = dialog.getByRole("combobox", { name: "Currency" });
    await expect(currency).toHaveValue("USD — US Dollar");
    await currency.fill("yen");
    await dialog.getByRole("option", { name: "JPY — Japanese Yen" }).click();
    await expect(currency).toHaveValue("JPY — Japanese Yen");
    await dialog.getByRole("spinbutton", { name: "Priority" }).fill("10");
    await dialog.getByRole("combobox", { name: "Add country" }).fill("Japan");
    await dialog.getByRole("option", { name: "Japan (JP)" }).click();
    await expect(dialog.getByRole("list", { name: "Countries picked" })).toContainText("Japan (JP)");
    // The picker is shown anew for the next country: empty, closed, focused.
    await expect(dialog.getByRole("combobox", { name: "Add country" })).toHaveValue("");
    await expect(dialog.getByRole("combobox", { name: "Add country" })).toBeFocused();
    await dialog.getByRole("textbox", { name: "Ends" }).fill("2099-01-01T00:00");
    await expectAccessible(page, "add price list dialog");
    await dialog.getByRole("button", { name: "Create price list" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Japan retail" })).toBeVisible();
    await expect(page.getByText("Draft", { exact: true })).toBeVisible();
    await expect(page.getByText(/Until Jan 1, 2099/)).toBeVisible();
    const stored = await listsNamed("Japan retail");
    expect([stored.currency, stored.priority, stored.countries, stored.status, stored.ends_at]).toEqual([
      "JPY",
      10,
      ["JP"],
      "draft",
      "2098-12-31T15:00:00.000Z",
    ]);
    await expectAccessible(page, "price list page (empty)");
  });

  await test.step("Add prices: a JPY amount with decimals is refused before sending; an unknown SKU on its row and cell, nothing saved", async () => {
    await page.getByRole("button", { name: "Add prices" }).click();
    const grid = page.getByRole("dialog", { name: "Add prices to “Japan retail”" });
    // Row 1: a SKU found by the combobox.
    await grid.getByRole("combobox", { name: "Row 1 SKU" }).fill("OAK");
    await grid.getByRole("option", { name: "OAK-1 — Oak stool" }).click();
    await expect(grid.getByRole("combobox", { name: "Row 1 SKU" })).toHaveValue("OAK-1");
    await grid.getByRole("textbox", { name: "Row 1 price" }).fill("500.5");
    // Row 2: a SKU the catalog does not have, typed as it is.
    await grid.getByRole("combobox", { name: "Row 2 SKU" }).fill("NOPE-9");
    // Nothing matches: the listbox says so; Tab leaves the typed SKU as it is.
    await expect(grid.getByText("No SKU matches “NOPE-9”")).toBeVisible();
    await grid.getByRole("combobox", { name: "Row 2 SKU" }).press("Tab");
    await grid.getByRole("textbox", { name: "Row 2 price" }).fill("700");
    // Row 3: a tier from 5, with a compare-at price.
    await grid.getByRole("combobox", { name: "Row 3 SKU" }).fill("LIN-1");
    await grid.getByRole("combobox", { name: "Row 3 SKU" }).press("Tab");
    await grid.getByRole("textbox", { name: "Row 3 minimum quantity" }).fill("5");
    await grid.getByRole("textbox", { name: "Row 3 price" }).fill("450");
    await grid.getByRole("textbox", { name: "Row 3 compare-at price" }).fill("480");
    await grid.getByRole("button", { name: "Save prices" }).click();
    // JPY has no decimals: said at that cell, nothing sent.
    await expect(grid.getByRole("textbox", { name: "Row 1 price" })).toHaveAttribute("aria-invalid", "true");
    await expect(grid.getByRole("textbox", { name: "Row 1 price" })).toHaveAccessibleDescription("Enter an amount in JPY such as 5");
    await grid.getByRole("textbox", { name: "Row 1 price" }).fill("500");
    await grid.getByRole("button", { name: "Save prices" }).click();
    // The API refuses the whole request at upsert.1.sku: said on row 2 and in its SKU cell.
    const row2 = grid.getByRole("row", { name: /^Row 2/ });
    await expect(row2.getByRole("rowheader")).toHaveText("Row 2 (not saved)");
    await expect(grid.getByRole("combobox", { name: "Row 2 SKU" })).toHaveAttribute("aria-invalid", "true");
    await expect(grid.getByRole("combobox", { name: "Row 2 SKU" })).toHaveAccessibleDescription(/is not a variant of this store/);
    await expect(grid.getByRole("row", { name: /^Row 1/ }).getByRole("rowheader")).toHaveText("Row 1");
    await expect(grid.getByRole("row", { name: /^Row 3/ }).getByRole("rowheader")).toHaveText("Row 3");
    await expectAccessible(page, "add prices grid with a row in error");
    expect((await listsNamed("Japan retail")).price_count).toBe(0);

    await grid.getByRole("combobox", { name: "Row 2 SKU" }).fill("LIN-1");
    await grid.getByRole("combobox", { name: "Row 2 SKU" }).press("Tab");
    await grid.getByRole("button", { name: "Save prices" }).click();
    await expect(grid).toBeHidden();
    await expect(page.getByRole("status")).toHaveText("Saved prices: 3 changed");
    await expect(prices.getByRole("columnheader")).toHaveText(["SKU", "Product", "Minimum quantity", "Price (JPY)", "Compare-at (JPY)", "Actions"]);
    await expect(priceRow("OAK-1", "1").getByRole("cell")).toHaveText(["OAK-1", "Oak stool", "1", "500", "—", "Remove"]);
    await expect(priceRow("LIN-1", "1").getByRole("cell")).toHaveText(["LIN-1", "Linen shirt", "1", "700", "—", "Remove"]);
    await expect(priceRow("LIN-1", "5").getByRole("cell")).toHaveText(["LIN-1", "Linen shirt", "5", "450", "480", "Remove"]);
    const stored = await (await request.get(`/stores/${storeId}/price-lists/${(await listsNamed("Japan retail")).id}/prices`, { headers: auth })).json();
    expect(stored.data.map((p: { sku: string; price_cents: number }) => [p.sku, p.price_cents]).sort()).toEqual([
      ["LIN-1", 450],
      ["LIN-1", 700],
      ["OAK-1", 500],
    ]);
  });

  await test.step("per row Remove; Activate and Deactivate", async () => {
    await priceRow("LIN-1", "5").getByRole("button", { name: "Remove the price of LIN-1 from 5" }).click();
    await page.getByRole("dialog", { name: "Remove the price of LIN-1?" }).getByRole("button", { name: "Remove" }).click();
    await expect(prices.getByRole("row")).toHaveCount(3);
    await expect(page.getByRole("status")).toHaveText("Removed the price of LIN-1");
    await page.getByRole("button", { name: "Activate" }).click();
    await expect(page.getByRole("status")).toHaveText("Japan retail is active");
    await expect(page.getByText("Active", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Deactivate" }).click();
    await expect(page.getByRole("status")).toHaveText("Japan retail is a draft: it applies nowhere");
    await page.getByRole("button", { name: "Activate" }).click();
    await expect(page.getByRole("button", { name: "Deactivate" })).toBeVisible();
    expect((await listsNamed("Japan retail")).status).toBe("active");
    await expectAccessible(page, "price list page with prices");
  });

  await test.step("a KWD list for the Wholesale group: typed “5” is 5000 fils, shown “5.000”", async () => {
    await page.getByRole("link", { name: "← Settings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await page.getByRole("button", { name: "Add price list" }).click();
    const dialog = page.getByRole("dialog", { name: "Add price list" });
    await dialog.getByRole("textbox", { name: "Price list name" }).fill("Gulf wholesale");
    await dialog.getByRole("combobox", { name: "Currency" }).fill("KWD");
    await dialog.getByRole("option", { name: /^KWD — / }).click();
    await dialog.getByRole("checkbox", { name: "Wholesale" }).check();
    await dialog.getByRole("button", { name: "Create price list" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Gulf wholesale" })).toBeVisible();
    await page.getByRole("button", { name: "Add prices" }).click();
    const grid = page.getByRole("dialog", { name: "Add prices to “Gulf wholesale”" });
    await grid.getByRole("combobox", { name: "Row 1 SKU" }).fill("OAK-1");
    await grid.getByRole("combobox", { name: "Row 1 SKU" }).press("Tab");
    await grid.getByRole("textbox", { name: "Row 1 price" }).fill("5");
    await grid.getByRole("textbox", { name: "Row 1 compare-at price" }).fill("5.250");
    await grid.getByRole("button", { name: "Save prices" }).click();
    await expect(grid).toBeHidden();
    await expect(priceRow("OAK-1", "1").getByRole("cell")).toHaveText(["OAK-1", "Oak stool", "1", "5.000", "5.250", "Remove"]);
    const list = await listsNamed("Gulf wholesale");
    const stored = await (await request.get(`/stores/${storeId}/price-lists/${list.id}/prices`, { headers: auth })).json();
    expect([stored.data[0].price_cents, stored.data[0].compare_at_price_cents]).toEqual([5000, 5250]);

    // Settings lists both lists with their facts.
    await page.getByRole("link", { name: "← Settings" }).click();
    const japan = rowWithCell(page, "Price lists", "Japan retail");
    await expect(japan.getByRole("cell")).toHaveText(["Japan retail", "JPY", "Active", "10", "Japan", "Every buyer", /^Until Jan 1, 2099/, "2"]);
    await expect(rowWithCell(page, "Price lists", "Gulf wholesale").getByRole("cell")).toHaveText([
      "Gulf wholesale",
      "KWD",
      "Draft",
      "0",
      "Every country",
      "Wholesale",
      "Always",
      "1",
    ]);
    await expectAccessible(page, "settings with price lists");
  });

  await test.step("the group's Delete is refused in words while a price list names it", async () => {
    await navigateTo(page, "Customers", "Customers");
    await rowWithCell(page, "Customer groups", "Wholesale").getByRole("button", { name: "Delete Wholesale" }).click();
    await page.getByRole("dialog", { name: "Delete the group “Wholesale”?" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("alert")).toContainText("A price list names this customer group");
    await expect(rowWithCell(page, "Customer groups", "Wholesale")).toContainText("1");
    expect((await (await request.get(`/stores/${storeId}/customer-groups`, { headers: auth })).json()).data).toHaveLength(1);
  });

  await test.step("the variant dialog's table Prices: the base price and each list's", async () => {
    await page.goto(`/admin/products/${stool.productId}`);
    await page.getByRole("button", { name: "Edit variant Default" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit variant Default" });
    const table = dialog.getByRole("table", { name: "Prices" });
    await expect(table.getByRole("columnheader")).toHaveText(["Price list", "Status", "Minimum quantity", "Price", "Compare-at"]);
    await expect(table.getByRole("row").filter({ hasText: "Base price" }).getByRole("cell")).toHaveText([
      "Base price",
      "Where no list has a price",
      "1",
      "$45.00",
      "—",
    ]);
    await expect(table.getByRole("row").filter({ hasText: "Japan retail" }).getByRole("cell")).toHaveText(["Japan retail", "Active", "1", "¥500", "—"]);
    await expect(table.getByRole("row").filter({ hasText: "Gulf wholesale" }).getByRole("cell")).toHaveText([
      "Gulf wholesale",
      "Draft",
      "1",
      "KWD 5.000",
      "KWD 5.250",
    ]);
    await expectAccessible(page, "variant dialog with its prices");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  // A list in euros for Germany, made by the API: the Oak stool has a price in it, the Linen shirt none.
  const eu = await (
    await request.post(`/stores/${storeId}/price-lists`, {
      headers: auth,
      data: { name: "EU Germany", code: "eu-de", currency: "EUR", status: "active", countries: ["DE"] },
    })
  ).json();
  expect(
    (
      await request.post(`/stores/${storeId}/price-lists/${eu.id}/prices/bulk`, { headers: auth, data: { upsert: [{ sku: "OAK-1", price_cents: 4000 }] } })
    ).status(),
  ).toBe(200);
  const orderPosts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === `/stores/${storeId}/orders`) orderPosts.push(r.url());
  });

  await test.step("New order in EUR for DE: each line's price and where it comes from; a line with no price said before sending", async () => {
    await navigateTo(page, "Orders", "Orders");
    await page.getByRole("link", { name: "New order" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New order" })).toBeVisible();
    await page.getByRole("textbox", { name: "Email" }).fill("buyer@example.test");
    await page.getByRole("combobox", { name: "Currency" }).fill("Euro");
    await page.getByRole("option", { name: "EUR — Euro" }).click();
    await page.getByRole("combobox", { name: "Country" }).fill("Germany");
    await page.getByRole("option", { name: "Germany (DE)" }).click();
    await page.getByRole("searchbox", { name: "Search products and variants for Line 1 variant" }).fill("Oak");
    await page.getByRole("combobox", { name: "Line 1 variant" }).selectOption({ label: "Oak stool — Default (OAK-1)" });
    await page.getByRole("spinbutton", { name: "Line 1 quantity" }).fill("2");
    await page.getByRole("button", { name: "Add line" }).click();
    await page.getByRole("searchbox", { name: "Search products and variants for Line 2 variant" }).fill("Linen");
    await page.getByRole("combobox", { name: "Line 2 variant" }).selectOption({ label: "Linen shirt — Default (LIN-1)" });
    const line1 = page.getByRole("group", { name: "Line 1" });
    const line2 = page.getByRole("group", { name: "Line 2" });
    await expect(line1).toContainText("€40.00 each · Price list “EU Germany”");
    await expect(line2).toContainText("No price in EUR for Germany: no active price list has one, and EUR is not the store's currency");
    await expectAccessible(page, "new order with a line without a price");

    await page.getByRole("button", { name: "Create order" }).click();
    await expect(page.getByRole("combobox", { name: "Line 2 variant" })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("combobox", { name: "Line 2 variant" })).toHaveAccessibleDescription(/No price in EUR for Germany/);
    expect(orderPosts).toEqual([]);

    // In the store's own currency every line has a price: the base price.
    await page.getByRole("combobox", { name: "Currency" }).fill("USD");
    await page.getByRole("option", { name: "USD — US Dollar" }).click();
    await expect(line1).toContainText("$45.00 each · Base price");
    await expect(line2).toContainText("$30.00 each · Base price");
    await expect(page.getByText("Total: $120.00")).toBeVisible();

    // Back to euros, without the shirt: the order is placed at the list's price.
    await page.getByRole("combobox", { name: "Currency" }).fill("Euro");
    await page.getByRole("option", { name: "EUR — Euro" }).click();
    await expect(line2).toContainText("No price in EUR");
    await page.getByRole("button", { name: "Remove line 2" }).click();
    await expect(page.getByText("Total: €80.00")).toBeVisible();
    await page.getByRole("button", { name: "Create order" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Order / })).toBeVisible();
    await expect(page.getByRole("row", { name: /Oak stool/ })).toContainText("€40.00");
    expect(orderPosts).toHaveLength(1);
    const orderId = page.url().split("/").pop()!;
    const order = await (await request.get(`/stores/${storeId}/orders/${orderId}`, { headers: auth })).json();
    expect([order.currency, order.total_cents, order.line_items[0].price_source]).toEqual([
      "EUR",
      8000,
      { type: "price_list", price_list_id: eu.id, min_quantity: 1 },
    ]);
  });

  await test.step("at 390 px: settings, a price list, the grid, a customer's groups and a new order fit and pass axe", async () => {
    await page.setViewportSize(PHONE);
    await navigateTo(page, "Settings", "Settings");
    await expect(rowWithCell(page, "Price lists", "Japan retail")).toBeVisible();
    await expectFits(page, "settings with price lists");
    await page.getByRole("link", { name: "Japan retail" }).click();
    await expect(priceRow("OAK-1", "1")).toBeVisible();
    await expectFits(page, "price list page");
    await page.getByRole("button", { name: "Add prices" }).click();
    const grid = page.getByRole("dialog", { name: "Add prices to “Japan retail”" });
    await grid.getByRole("combobox", { name: "Row 1 SKU" }).fill("LIN");
    await expect(grid.getByRole("option", { name: "LIN-1 — Linen shirt" })).toBeVisible();
    // Escape closes the open listbox only: the grid stays, nothing asks.
    await grid.getByRole("combobox", { name: "Row 1 SKU" }).press("Escape");
    await expect(grid.getByRole("listbox")).toHaveCount(0);
    await expect(page.getByRole("dialog", { name: "Discard unsaved changes?" })).toHaveCount(0);
    await expect(grid).toBeVisible();
    await grid.getByRole("combobox", { name: "Row 1 SKU" }).fill("LIN-");
    await grid.getByRole("option", { name: "LIN-1 — Linen shirt" }).click();
    await expect(grid.getByRole("combobox", { name: "Row 1 SKU" })).toHaveValue("LIN-1");
    await expectFits(page, "add prices grid");
    await grid.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog", { name: "Discard unsaved changes?" }).getByRole("button", { name: "Discard changes" }).click();
    await expect(grid).toBeHidden();
    await page.goto(`/admin/customers/${customer.id}`);
    await expect(rowWithCell(page, "Groups of this customer", "Wholesale")).toBeVisible();
    await expectFits(page, "customer page with groups");
    await page.goto("/admin/orders/new");
    // Keyboard only: typing filters the choices, the arrow keys walk them, Enter takes one.
    await page.getByRole("combobox", { name: "Country" }).fill("Germany");
    await page.getByRole("combobox", { name: "Country" }).press("ArrowDown");
    await page.getByRole("combobox", { name: "Country" }).press("Enter");
    await expect(page.getByRole("combobox", { name: "Country" })).toHaveValue("Germany (DE)");
    await expectFits(page, "new order with a country");
  });

  expect(foreign).toEqual([]);
});
