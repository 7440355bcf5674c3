// docs/admin.md "Week two" → "Stock where it is" (docs/api/20-inventory.md), in Chromium by role and accessible name, through the
// real API: Settings → Locations ("Add location"), the variant dialog's "Stock by location" with "Adjust" (a reason
// and a reference) and "Transfer stock", "Stock" becoming read-only with the words to use "Adjust", the product's
// "Inventory history" in words (who, when, where, the change, the reason, the reference, the order), the Inventory
// screen with "Location" and "Low stock", "Delete" refused in words while a location holds stock, and a phone.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectAccessible, recordForeignRequests, signedInAdmin, stockedProduct } from "./support";

const PHONE = { width: 390, height: 844 };

async function navigateTo(page: Page, link: string, heading: string) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link }).click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** A table's row by the exact text of one of its cells (a location's code, say), so a badge elsewhere cannot confuse it. */
const rowWithCell = (page: Page, table: string, cell: string) =>
  page
    .getByRole("table", { name: table, exact: true })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: cell, exact: true }) });

async function locationId(request: APIRequestContext, storeId: string, auth: Record<string, string>, code: string) {
  const list = await (await request.get(`/stores/${storeId}/locations?limit=100`, { headers: auth })).json();
  return (list.data as Array<{ id: string; code: string }>).find((l) => l.code === code)!.id;
}

test("stock where it is: locations, adjust, transfer, read-only stock, history, the inventory screen, delete refused", async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  const foreign = await recordForeignRequests(page, new URL(baseURL!).origin);
  const { storeId, auth, email } = await signedInAdmin(page, request, "Warehouse shop");
  const { productId, variantId } = await stockedProduct(request, storeId, auth, "Oak stool", "STOOL-1", 10);
  const locationRow = (code: string) => rowWithCell(page, "Locations", code);

  await test.step("Settings → Locations: the default is listed; Add location (a name and a code)", async () => {
    await navigateTo(page, "Settings", "Settings");
    await expect(page.getByRole("heading", { level: 2, name: "Locations" })).toBeVisible();
    await expect(locationRow("default")).toContainText("Default");
    await page.getByRole("button", { name: "Add location" }).click();
    const dialog = page.getByRole("dialog", { name: "Add location" });
    await dialog.getByRole("textbox", { name: "Location name" }).fill("Back warehouse");
    await dialog.getByRole("textbox", { name: "Location code" }).fill("back-wh");
    await expectAccessible(page, "add location dialog");
    await dialog.getByRole("button", { name: "Add location" }).click();
    await expect(dialog).toBeHidden();
    await expect(locationRow("back-wh")).toContainText("Back warehouse");
    await expect(page.getByRole("status").filter({ hasText: "Added Back warehouse" })).toBeVisible();

    // A code already taken (codes compare case-insensitively): the API's words, and nothing added.
    await page.getByRole("button", { name: "Add location" }).click();
    await dialog.getByRole("textbox", { name: "Location name" }).fill("Another");
    await dialog.getByRole("textbox", { name: "Location code" }).fill("BACK-WH");
    await dialog.getByRole("button", { name: "Add location" }).click();
    await expect(dialog.getByRole("alert")).toContainText("already used");
    // The dialog holds edits: Cancel asks first.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog", { name: "Discard unsaved changes?" }).getByRole("button", { name: "Discard changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("table", { name: "Locations", exact: true }).getByRole("row")).toHaveCount(3);
    await expectAccessible(page, "settings with locations");
  });

  const backId = await locationId(request, storeId, auth, "back-wh");
  const dialog = page.getByRole("dialog", { name: "Edit variant Default" });
  const stockTable = dialog.getByRole("table", { name: "Stock by location" });
  const stockRow = (location: string) => stockTable.getByRole("row").filter({ has: page.getByRole("cell", { name: location, exact: false }) });

  await test.step("the variant's Stock by location: a row per active location; Adjust with a reason and a reference", async () => {
    await page.goto(`/admin/products/${productId}`);
    await page.getByRole("button", { name: "Edit variant Default" }).click();
    await expect(stockTable.getByRole("columnheader")).toHaveText(["Location", "On hand", "Committed", "Available", "Actions"]);
    await expect(stockTable.getByRole("row")).toHaveCount(3);
    await expect(stockRow("Back warehouse")).toContainText("0");
    // Only the default location holds stock: "Stock" edits it.
    await expect(dialog.getByRole("spinbutton", { name: "Stock" })).toBeEditable();
    await expect(dialog.getByRole("spinbutton", { name: "Stock" })).toHaveValue("10");

    await stockRow("Back warehouse").getByRole("button", { name: "Adjust" }).click();
    const adjust = page.getByRole("dialog", { name: "Adjust stock at Back warehouse" });
    const reason = adjust.getByRole("combobox", { name: "Reason" });
    await expect(reason.getByRole("option")).toHaveText(["Received", "Correction", "Cycle count", "Damaged", "Shrinkage", "Returned", "Other"]);
    // Nothing to change: said beside the field, nothing sent.
    await adjust.getByRole("button", { name: "Save adjustment" }).click();
    await expect(adjust.getByRole("alert").first()).toContainText("Enter a quantity change");
    await reason.selectOption({ label: "Received" });
    await adjust.getByRole("textbox", { name: "Quantity change" }).fill("+6");
    await adjust.getByRole("textbox", { name: "Reference" }).fill("PO-1042");
    await expectAccessible(page, "adjust dialog");
    await adjust.getByRole("button", { name: "Save adjustment" }).click();
    await expect(adjust).toBeHidden();
    await expect(dialog.getByRole("status")).toHaveText("Saved adjustment: +6 at Back warehouse (Received)");
    await expect(stockRow("Back warehouse").getByRole("cell")).toHaveText(["Back warehouse", "6", "0", "6", "Adjust"]);
  });

  await test.step("another location holds stock: Stock shows the total, read-only, and says to use Adjust", async () => {
    const stock = dialog.getByRole("spinbutton", { name: "Stock" });
    await expect(stock).toHaveValue("16");
    await expect(stock).not.toBeEditable();
    await expect(stock).toHaveAccessibleDescription(/change it with “Adjust”/);
    await expectAccessible(page, "variant dialog with stock at two locations");

    // A count at the default location: "New on hand" with the reason Cycle count.
    await stockRow("Default").getByRole("button", { name: "Adjust" }).click();
    const count = page.getByRole("dialog", { name: "Adjust stock at Default" });
    await count.getByRole("combobox", { name: "Reason" }).selectOption({ label: "Cycle count" });
    await count.getByRole("textbox", { name: "New on hand" }).fill("9");
    await count.getByRole("button", { name: "Save adjustment" }).click();
    await expect(count).toBeHidden();
    await expect(dialog.getByRole("status")).toHaveText("Saved adjustment: −1 at Default (Cycle count)");
    await expect(stock).toHaveValue("15");
  });

  await test.step("Transfer stock moves a quantity between two locations; more than is available is refused on the field", async () => {
    await dialog.getByRole("button", { name: "Transfer stock" }).click();
    const transfer = page.getByRole("dialog", { name: "Transfer stock" });
    await transfer.getByRole("combobox", { name: "From" }).selectOption(backId);
    await transfer.getByRole("combobox", { name: "To" }).selectOption({ label: "Default (9 available)" });
    await transfer.getByRole("textbox", { name: "Quantity" }).fill("50");
    await transfer.getByRole("textbox", { name: "Reference" }).fill("TR-7");
    await transfer.getByRole("button", { name: "Transfer", exact: true }).click();
    await expect(transfer.getByRole("textbox", { name: "Quantity" })).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, "transfer dialog with an error");
    await transfer.getByRole("textbox", { name: "Quantity" }).fill("2");
    await transfer.getByRole("button", { name: "Transfer", exact: true }).click();
    await expect(transfer).toBeHidden();
    await expect(dialog.getByRole("status")).toHaveText("Transferred 2 from Back warehouse to Default");
    await expect(stockRow("Back warehouse").getByRole("cell").nth(1)).toHaveText("4");
    await expect(stockRow("Default").getByRole("cell").nth(1)).toHaveText("11");
    await expect(dialog.getByRole("spinbutton", { name: "Stock" })).toHaveValue("15");
    // Nothing typed into the variant's own fields: it closes without asking.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("table", { name: "Variants" }).getByRole("row", { name: /Default/ })).toContainText("Default 11 · Back warehouse 4");
    // With two active locations a single product's page shows its Stock by location too, with Adjust per row.
    const onPage = page.getByRole("table", { name: "Stock by location" });
    await expect(onPage.getByRole("row")).toHaveCount(3);
    await expect(onPage.getByRole("row", { name: /Back warehouse/ }).getByRole("button", { name: "Adjust" })).toBeVisible();
    await expectAccessible(page, "product page with stock by location");
  });

  // An order takes stock from the default location first (docs/api/20-inventory.md): its entry links to the order.
  const order = await request.post(`/stores/${storeId}/orders`, {
    headers: auth,
    data: { email: "buyer@example.test", currency: "USD", line_items: [{ variant_id: variantId, quantity: 3 }] },
  });
  expect(order.status(), await order.text()).toBe(201);
  const orderId = (await order.json()).id as string;

  await test.step("Inventory history: the ledger in words, filtered by reason, linking to the order", async () => {
    await page.getByRole("link", { name: "Inventory history" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Inventory history" })).toBeVisible();
    const history = page.getByRole("table", { name: "Inventory history" });
    const received = history.getByRole("row", { name: /Received/ });
    await expect(received).toContainText("+6 on hand (now 6)");
    await expect(received).toContainText("PO-1042");
    await expect(received).toContainText("Back warehouse");
    await expect(received).toContainText(`Dee Admin (${email})`);
    await expect(received.locator("time")).toHaveText(/\d{2}:\d{2}:\d{2}.*UTC/);
    await expect(history.getByRole("row", { name: /Cycle count/ })).toContainText("−1 on hand (now 9)");
    await expect(history.getByRole("row", { name: /Transfer out/ })).toContainText("TR-7");
    await expect(history.getByRole("row", { name: /Transfer in/ })).toContainText("+2 on hand (now 11)");
    const committed = history.getByRole("row", { name: /Committed to an order/ });
    await expect(committed).toContainText("+3 committed (now 3)");
    await expectAccessible(page, "inventory history");

    await page.getByRole("combobox", { name: "Reason" }).selectOption({ label: "Received" });
    await expect(history.getByRole("row")).toHaveCount(2);
    await expect(page).toHaveURL(/reason=received/);
    await page.getByRole("combobox", { name: "Reason" }).selectOption({ label: "All reasons" });
    await committed.getByRole("link", { name: /^Order / }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
    await expect(page.getByRole("heading", { level: 1, name: /Order/ })).toBeVisible();
  });

  await test.step("Inventory: every level, filtered by Location and Low stock", async () => {
    await navigateTo(page, "Inventory", "Inventory");
    const levels = page.getByRole("table", { name: "Inventory" });
    await expect(levels.getByRole("row", { name: /Oak stool/ })).toHaveCount(2);
    await expect(levels.getByRole("row", { name: /Back warehouse/ })).toContainText("STOOL-1");
    await expectAccessible(page, "inventory");
    await page.getByRole("combobox", { name: "Location" }).selectOption({ label: "Back warehouse" });
    await expect(levels.getByRole("row", { name: /Oak stool/ })).toHaveCount(1);
    await expect(
      levels
        .getByRole("row", { name: /Oak stool/ })
        .getByRole("cell")
        .nth(2),
    ).toHaveText("Back warehouse");
    await page.getByRole("combobox", { name: "Location" }).selectOption({ label: "All locations" });
    // Default: 11 on hand, 3 committed, 8 available; Back warehouse: 4 available.
    await page.getByRole("checkbox", { name: "Low stock" }).check();
    await expect(levels.getByRole("row", { name: /Oak stool/ })).toHaveCount(1);
    await expect(levels.getByRole("row", { name: /Oak stool/ })).toContainText("Back warehouse");
    await page.getByRole("spinbutton", { name: "Threshold" }).fill("10");
    await expect(levels.getByRole("row", { name: /Oak stool/ })).toHaveCount(2);
    await page.getByRole("spinbutton", { name: "Threshold" }).fill("3");
    await expect(page.getByText("No stock level below 3 available.")).toBeVisible();
    await expect(page).toHaveURL(/low=true/);
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "Low stock" })).toBeChecked();
    await expect(page.getByRole("spinbutton", { name: "Threshold" })).toHaveValue("3");
  });

  await test.step("Delete is refused in words while the location holds stock; Deactivate, Make default, Rename", async () => {
    await navigateTo(page, "Settings", "Settings");
    await locationRow("back-wh").getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("dialog", { name: /Delete the location/ })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByRole("alert")).toContainText("The location holds stock (4 on hand, 0 committed)");
    await expect(locationRow("back-wh")).toBeVisible();

    const status = locationRow("back-wh").getByRole("cell").nth(2);
    await locationRow("back-wh").getByRole("button", { name: "Deactivate" }).click();
    await expect(status).toContainText("Inactive");
    await expect(locationRow("back-wh").getByRole("button", { name: "Make default" })).toHaveCount(0);
    await locationRow("back-wh").getByRole("button", { name: "Activate" }).click();
    await expect(status).toHaveText("Active");
    // The default moves: it cannot be deactivated or deleted, and the former default can.
    await locationRow("back-wh").getByRole("button", { name: "Make default" }).click();
    await expect(locationRow("back-wh").getByText("Default", { exact: true })).toBeVisible();
    await expect(locationRow("back-wh").getByRole("button", { name: "Delete" })).toHaveCount(0);
    await expect(locationRow("back-wh").getByRole("button", { name: "Deactivate" })).toHaveCount(0);
    await locationRow("default").getByRole("button", { name: "Make default" }).click();
    await expect(locationRow("back-wh").getByRole("button", { name: "Make default" })).toBeVisible();

    await locationRow("back-wh").getByRole("button", { name: "Rename" }).click();
    const rename = page.getByRole("dialog", { name: /Rename/ });
    await rename.getByRole("textbox", { name: "Location name" }).fill("Overflow store");
    await rename.getByRole("button", { name: "Rename" }).click();
    await expect(rename).toBeHidden();
    await expect(locationRow("back-wh")).toContainText("Overflow store");

    // Emptied (an adjustment to 0 through the API), it can go.
    const emptied = await request.post(`/stores/${storeId}/inventory/adjustments`, {
      headers: auth,
      data: { reason: "correction", changes: [{ variant_id: variantId, location_id: backId, on_hand: 0 }] },
    });
    expect(emptied.status()).toBe(201);
    await locationRow("back-wh").getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("dialog", { name: /Delete the location/ })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(locationRow("back-wh")).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "Deleted Overflow store" })).toBeVisible();
  });

  expect(foreign).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("locations, the variant's stock by location, its history and the inventory fit 390 px", async ({ page, request }) => {
    const { storeId, auth } = await signedInAdmin(page, request, "A phone shop with a long name");
    const { productId, variantId } = await stockedProduct(
      request,
      storeId,
      auth,
      "A stool with a rather long title for a small screen",
      "STOOL-EXTRA-LONG-SKU-0001",
      5,
    );
    const made = await request.post(`/stores/${storeId}/locations`, {
      headers: auth,
      data: { name: "A warehouse with a long name", code: "warehouse-long-code-01" },
    });
    expect(made.status()).toBe(201);
    const adjusted = await request.post(`/stores/${storeId}/inventory/adjustments`, {
      headers: auth,
      data: {
        reason: "received",
        reference: "https://erp.example.test/purchase-orders/PO-2026-000123",
        changes: [{ variant_id: variantId, location_code: "warehouse-long-code-01", delta: 7 }],
      },
    });
    expect(adjusted.status()).toBe(201);
    const fits = async (screen: string) => {
      await page.waitForLoadState("networkidle");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${screen} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
      await expectAccessible(page, `${screen} (phone)`);
    };

    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Inventory" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Inventory" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Inventory" }).getByRole("row", { name: /A warehouse/ })).toBeVisible();
    await fits("inventory");

    await page.goto("/admin/settings");
    await expect(page.getByRole("table", { name: "Locations", exact: true }).getByRole("row")).toHaveCount(3);
    await fits("settings with locations");

    await page.goto(`/admin/products/${productId}`);
    const dialog = page.getByRole("dialog", { name: "Edit variant Default" });
    await expect(page.getByRole("table", { name: "Stock by location" }).getByRole("row")).toHaveCount(3);
    await fits("product page with stock by location");
    await page.getByRole("button", { name: "Edit variant Default" }).click();
    // The dialog's table is the one "Stock by location" while it is open.
    await expect(page.getByRole("table", { name: "Stock by location" })).toHaveCount(1);
    await expect(dialog.getByRole("table", { name: "Stock by location" }).getByRole("row")).toHaveCount(3);
    await fits("variant dialog with stock by location");
    await dialog
      .getByRole("table", { name: "Stock by location" })
      .getByRole("row", { name: /A warehouse/ })
      .getByRole("button", { name: "Adjust" })
      .click();
    await expect(page.getByRole("dialog", { name: /Adjust stock at/ })).toBeVisible();
    await fits("adjust dialog");
    await page
      .getByRole("dialog", { name: /Adjust stock at/ })
      .getByRole("button", { name: "Cancel" })
      .click();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await page.goto(`/admin/products/${productId}/inventory-history`);
    await expect(page.getByRole("table", { name: "Inventory history" }).getByRole("row", { name: /Received/ })).toContainText("PO-2026-000123");
    await fits("inventory history");
  });
});
