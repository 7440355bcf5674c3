// docs/admin.md "Day one" in Chromium, by role and accessible name: variants edited after creation (every field, two
// options, the shipping box), an order from pending to paid to fulfilled to refunded (and a 409 shown as a message),
// a customer created and edited, a delivery's attempts to the second with the gaps between them and health that
// refreshes on its own. axe-core scans each screen; no request may leave the origin. The phone-sized run of every
// screen is in phone.spec.ts.
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, failingReceiver, recordForeignRequests, signedInAdmin, type Receiver } from "./support";

const RECEIVER_PORT = Number(process.env.UI_RECEIVER_PORT ?? 8849);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** SCREENSHOTS=1 npm run test:ui refreshes the screenshots of docs/ and the README. */
async function screenshot(page: Page, name: string) {
  if (process.env.SCREENSHOTS === "1") await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: false });
}

async function navigateTo(page: Page, link: string, heading: string) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link }).click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

test("variants: every field is editable after creation, with up to three options and the shipping box", async ({ page, request, baseURL }) => {
  const foreign = await recordForeignRequests(page, new URL(baseURL!).origin);
  await signedInAdmin(page, request);

  await test.step("a single product's price, stock, SKU and fulfilment change through Edit variant Default", async () => {
    await page.getByRole("link", { name: "New product" }).click();
    await page.getByRole("textbox", { name: "Title" }).fill("Stoneware bowl");
    await page.getByRole("radio", { name: "Single" }).check();
    await page.getByRole("textbox", { name: "Price", exact: true }).fill("12.50");
    await page.getByRole("button", { name: "Create product" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Stoneware bowl" })).toBeVisible();
    await page.getByRole("button", { name: "Edit variant Default" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit variant Default" });
    await expect(dialog.getByRole("textbox", { name: "Price", exact: true })).toHaveValue("12.50");
    await dialog.getByRole("textbox", { name: "Price", exact: true }).fill("14.00");
    await dialog.getByRole("spinbutton", { name: "Stock" }).fill("7");
    await dialog.getByRole("textbox", { name: "SKU" }).fill("BOWL-1");
    await dialog.getByRole("combobox", { name: "Fulfillment" }).selectOption({ label: "Stocked, then on demand" });
    await dialog.getByRole("textbox", { name: "Length (mm)" }).fill("200");
    await dialog.getByRole("textbox", { name: "Width (mm)" }).fill("200");
    await dialog.getByRole("textbox", { name: "Height (mm)" }).fill("90");
    await expectAccessible(page, "edit variant dialog");
    // Three of the four box measures: the console says what is missing and sends nothing.
    await dialog.getByRole("button", { name: "Save variant" }).click();
    await expect(dialog.getByRole("alert").first()).toContainText("all four box measures");
    await dialog.getByRole("textbox", { name: "Weight (g)" }).fill("650");
    await dialog.getByRole("button", { name: "Save variant" }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole("row", { name: /Default/ });
    await expect(row).toContainText("14.00");
    await expect(row).toContainText("BOWL-1");
    await expect(row).toContainText("7");
    // Saved, not just shown: after a reload the dialog opens with the stored values.
    await page.reload();
    await page.getByRole("button", { name: "Edit variant Default" }).click();
    const again = page.getByRole("dialog", { name: "Edit variant Default" });
    await expect(again.getByRole("textbox", { name: "Price", exact: true })).toHaveValue("14.00");
    await expect(again.getByRole("spinbutton", { name: "Stock" })).toHaveValue("7");
    await expect(again.getByRole("combobox", { name: "Fulfillment" })).toHaveValue("stocked_or_on_demand");
    await expect(again.getByRole("textbox", { name: "Weight (g)" })).toHaveValue("650");
    await expect(again.getByRole("textbox", { name: "Height (mm)" })).toHaveValue("90");
    await again.getByRole("button", { name: "Cancel" }).click();
  });

  await test.step("a variable product's variant carries Size and Colour, and both change through Edit", async () => {
    await navigateTo(page, "Products", "Products");
    await page.getByRole("link", { name: "New product" }).click();
    await page.getByRole("textbox", { name: "Title" }).fill("Wool scarf");
    await page.getByRole("radio", { name: "Variable" }).check();
    await page.getByRole("button", { name: "Create product" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Wool scarf" })).toBeVisible();
    await page.getByRole("button", { name: "Add variant" }).click();
    const add = page.getByRole("dialog", { name: "Add variant" });
    await add.getByRole("textbox", { name: "SKU" }).fill("SCARF-M-BLUE");
    await add.getByRole("textbox", { name: "Price", exact: true }).fill("30.00");
    await add.getByRole("spinbutton", { name: "Stock" }).fill("3");
    await add.getByRole("textbox", { name: "Option 1 name" }).fill("Size");
    await add.getByRole("textbox", { name: "Option 1 value" }).fill("M");
    await add.getByRole("textbox", { name: "Option 2 name" }).fill("Colour");
    await add.getByRole("textbox", { name: "Option 2 value" }).fill("Blue");
    await add.getByRole("button", { name: "Save variant" }).click();
    await expect(page.getByRole("row", { name: /M \/ Blue/ })).toContainText("Colour: Blue");

    await page.getByRole("button", { name: "Edit variant M / Blue" }).click();
    const edit = page.getByRole("dialog", { name: "Edit variant M / Blue" });
    await expect(edit.getByRole("textbox", { name: "Option 2 value" })).toHaveValue("Blue");
    await edit.getByRole("textbox", { name: "Option 2 value" }).fill("Red");
    await edit.getByRole("textbox", { name: "Option 3 name" }).fill("Material");
    await edit.getByRole("textbox", { name: "Option 3 value" }).fill("Merino");
    await edit.getByRole("textbox", { name: "Price", exact: true }).fill("32.00");
    await edit.getByRole("spinbutton", { name: "Stock" }).fill("0");
    await edit.getByRole("button", { name: "Save variant" }).click();
    await expect(edit).toBeHidden();
    // The title derived from the option values follows them (docs/api/06-products.md).
    const row = page.getByRole("row", { name: /M \/ Red \/ Merino/ });
    await expect(row).toContainText("Material: Merino");
    await expect(row).toContainText("32.00");
    await expect(row).toContainText("Out of stock");
    await expectAccessible(page, "variants after edit");
  });

  await test.step("the products list shows each product's price or price range", async () => {
    await page.getByRole("button", { name: "Add variant" }).click();
    const add = page.getByRole("dialog", { name: "Add variant" });
    await add.getByRole("textbox", { name: "Price", exact: true }).fill("28.00");
    await add.getByRole("textbox", { name: "Option 1 name" }).fill("Size");
    await add.getByRole("textbox", { name: "Option 1 value" }).fill("S");
    await add.getByRole("button", { name: "Save variant" }).click();
    await expect(page.getByRole("row", { name: /^S\b/ })).toBeVisible();
    await navigateTo(page, "Products", "Products");
    await expect(page.getByRole("row", { name: /Wool scarf/ })).toContainText("$28.00–$32.00");
    await expect(page.getByRole("row", { name: /Stoneware bowl/ })).toContainText("14.00");
  });
  expect(foreign).toEqual([]);
});

test("orders and customers: a customer created and edited, an order from pending to paid to fulfilled to refunded", async ({ page, request, baseURL }) => {
  const foreign = await recordForeignRequests(page, new URL(baseURL!).origin);
  const { storeId, auth } = await signedInAdmin(page, request);
  const product = await (
    await request.post(`/stores/${storeId}/products`, {
      headers: auth,
      data: { title: "Cast iron pan", product_type: "single", default_price_cents: 4500, status: "live" },
    })
  ).json();
  const variantId = product.variants[0].id as string;
  await request.patch(`/stores/${storeId}/products/${product.id}/variants/${variantId}`, { headers: auth, data: { stock: 10 } });
  const customerEmail = `buyer-${unique()}@example.test`;
  let customerUrl = "";

  await test.step("create a customer, then edit their email, name and phone", async () => {
    await navigateTo(page, "Customers", "Customers");
    await expectAccessible(page, "customers (empty)");
    await page.getByRole("button", { name: "New customer" }).click();
    const dialog = page.getByRole("dialog", { name: "New customer" });
    await dialog.getByRole("textbox", { name: "Email" }).fill(customerEmail);
    await dialog.getByRole("textbox", { name: "Name" }).fill("Bo Buyer");
    await expectAccessible(page, "new customer dialog");
    await dialog.getByRole("textbox", { name: "Phone" }).fill("+44 20 7946 0000");
    await dialog.getByRole("button", { name: "Create customer" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Bo Buyer" })).toBeVisible();
    customerUrl = page.url();
    await page.getByRole("textbox", { name: "Name" }).fill("Bo B. Buyer");
    await page.getByRole("textbox", { name: "Phone" }).fill("+44 20 7946 0001");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Bo B. Buyer" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Phone" })).toHaveValue("+44 20 7946 0001");
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(customerEmail);
    await expectAccessible(page, "customer page");
    // The search finds them by their email, in any case.
    await navigateTo(page, "Customers", "Customers");
    await page.getByRole("searchbox", { name: "Search customers" }).fill(customerEmail.toUpperCase());
    await expect(page.getByRole("row", { name: new RegExp(customerEmail) })).toHaveCount(1);
    await page.getByRole("searchbox", { name: "Search customers" }).fill("nobody@example.test");
    await expect(page.getByText(/No customer matches/)).toBeVisible();
  });

  const customerId = customerUrl.split("/").pop()!;
  const placeOrder = async () => {
    const res = await request.post(`/stores/${storeId}/orders`, {
      headers: auth,
      data: { customer_id: customerId, currency: "USD", line_items: [{ variant_id: variantId, quantity: 2 }] },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).id as string;
  };

  await test.step("an order goes pending → paid → fulfilled → refunded, each change confirmed", async () => {
    const orderId = await placeOrder();
    await navigateTo(page, "Orders", "Orders");
    await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Pending" });
    const row = page.getByRole("row", { name: new RegExp(customerEmail) });
    await expect(row).toContainText("Pending");
    await expect(row).toContainText("$90.00");
    await expectAccessible(page, "orders");
    await row.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
    await expect(page.getByRole("heading", { level: 1, name: /^Order / })).toBeVisible();
    await expect(page.getByRole("row", { name: /Cast iron pan/ })).toContainText("$45.00");
    await expect(page.getByRole("row", { name: /Total/ })).toContainText("$90.00");
    await expect(page.getByRole("link", { name: customerEmail })).toBeVisible();
    // From pending: pay or cancel, nothing else.
    await expect(page.getByRole("button", { name: "Mark as fulfilled" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Refund" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Cancel order" })).toBeVisible();
    await expectAccessible(page, "order page (pending)");
    await screenshot(page, "order");

    await page.getByRole("button", { name: "Mark as paid" }).click();
    // Confirmed or undoable: closing the dialog changes nothing.
    await page.getByRole("dialog", { name: "Mark as paid?" }).getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByText("Pending", { exact: true }).first()).toBeVisible();
    await page.getByRole("button", { name: "Mark as paid" }).click();
    await page.getByRole("dialog", { name: "Mark as paid?" }).getByRole("button", { name: "Mark as paid" }).click();
    await expect(page.getByRole("button", { name: "Mark as fulfilled" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark as paid" })).toHaveCount(0);

    await page.getByRole("button", { name: "Mark as fulfilled" }).click();
    await page.getByRole("dialog", { name: "Mark as fulfilled?" }).getByRole("button", { name: "Mark as fulfilled" }).click();
    await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Refund" })).toBeVisible();

    await page.getByRole("button", { name: "Refund" }).click();
    const refund = page.getByRole("dialog", { name: "Refund" });
    await expect(refund.getByRole("textbox", { name: "Amount" })).toHaveValue("90.00");
    await expectAccessible(page, "refund dialog");
    // More than the order's total: the API's field error shows next to the amount.
    await refund.getByRole("textbox", { name: "Amount" }).fill("95.00");
    await refund.getByRole("button", { name: "Refund" }).click();
    await expect(refund.getByText(/at most the order total/).first()).toBeVisible();
    await refund.getByRole("textbox", { name: "Amount" }).fill("60.00");
    await refund.getByRole("button", { name: "Refund" }).click();
    await expect(refund).toBeHidden();
    await expect(page.getByText(/\$60\.00 refunded/)).toBeVisible();
    await expect(page.getByText(/No further change is possible/)).toBeVisible();
    const stored = await (await request.get(`/stores/${storeId}/orders/${orderId}`, { headers: auth })).json();
    expect([stored.status, stored.refunded_cents]).toEqual(["refunded", 6000]);
  });

  await test.step("a change the API refuses (409) is a message, and the order is read again", async () => {
    const orderId = await placeOrder();
    await page.goto(`/admin/orders/${orderId}`);
    await expect(page.getByRole("button", { name: "Mark as paid" })).toBeVisible();
    // Someone else cancels it meanwhile.
    const cancel = await request.post(`/stores/${storeId}/orders/${orderId}/transitions`, { headers: auth, data: { status: "canceled" } });
    expect(cancel.status()).toBe(200);
    await page.getByRole("button", { name: "Mark as paid" }).click();
    await page.getByRole("dialog", { name: "Mark as paid?" }).getByRole("button", { name: "Mark as paid" }).click();
    await expect(page.getByRole("alert")).toContainText("cannot move from canceled to paid");
    await expect(page.getByText(/No further change is possible for a canceled order/)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: /^Order / })).toBeVisible();
  });

  await test.step("the customer's page lists their orders", async () => {
    await page.goto(customerUrl);
    const orders = page.getByRole("region", { name: "Orders of this customer table" }).getByRole("row", { name: new RegExp(customerEmail) });
    await expect(orders).toHaveCount(2);
    await expect(orders.filter({ hasText: "Refunded" })).toHaveCount(1);
    await expect(orders.filter({ hasText: "Canceled" })).toHaveCount(1);
  });
  expect(foreign).toEqual([]);
});

test.describe("deliveries", () => {
  let receiver: Receiver;
  test.beforeAll(async () => {
    receiver = await failingReceiver(RECEIVER_PORT, "day one receiver: 500");
  });
  test.afterAll(async () => {
    await receiver?.close();
  });

  test("attempt times show seconds and the gap from the previous attempt; health refreshes on its own", async ({ page, request, baseURL }) => {
    test.setTimeout(240_000);
    const foreign = await recordForeignRequests(page, new URL(baseURL!).origin);
    const { storeId, auth } = await signedInAdmin(page, request);
    const created = await request.post(`/stores/${storeId}/webhooks`, {
      headers: auth,
      data: { url: receiver.url, events: ["customers.created"], secret: "day-one-secret-0123456789" },
    });
    expect(created.status()).toBe(201);

    const newCustomer = async () =>
      expect((await request.post(`/stores/${storeId}/customers`, { headers: auth, data: { email: `c-${unique()}@example.test` } })).status()).toBe(201);

    // The open list, never reloaded, shows the endpoint's health change once a delivery has failed.
    await navigateTo(page, "Webhooks", "Webhooks");
    const listRow = page.getByRole("row", { name: new RegExp(receiver.url) });
    await expect(listRow).toContainText("No deliveries yet");
    await newCustomer();
    await expect(listRow).toContainText("Failing", { timeout: 30_000 });

    // The open Deliveries tab, never reloaded, shows a new delivery and then its failure after three attempts.
    await listRow.getByRole("link", { name: receiver.url }).click();
    await page.getByRole("tab", { name: "Deliveries" }).click();
    const deliveryRow = page.getByRole("row", { name: /customers\.created/ });
    await expect(deliveryRow).toHaveCount(1);
    await newCustomer();
    await expect(deliveryRow).toHaveCount(2, { timeout: 15_000 });
    await expect(deliveryRow.filter({ hasText: "failed" })).toHaveCount(2, { timeout: 60_000 });
    const endpoint = page;
    await deliveryRow.first().getByRole("link", { name: "customers.created" }).click();
    await expect(endpoint.getByRole("heading", { name: "Attempt 3" })).toBeVisible();
    const started = endpoint.locator(".attempts time");
    await expect(started).toHaveCount(3);
    for (const text of await started.allTextContents()) expect(text).toMatch(/\d{1,2}:\d{2}:\d{2}/);
    // The back-off (2 s, then 4 s) is readable from the page.
    const gaps = await endpoint.locator(".attempts .gap").allTextContents();
    expect(gaps).toHaveLength(2);
    const seconds = gaps.map((g) => Number(/\(([\d.]+) s after attempt (\d)\)/.exec(g)?.[1]));
    expect(gaps[0]).toContain("after attempt 1");
    expect(gaps[1]).toContain("after attempt 2");
    expect(seconds[0]).toBeGreaterThanOrEqual(2);
    expect(seconds[1]).toBeGreaterThanOrEqual(4);
    expect(seconds[1]).toBeGreaterThan(seconds[0]);
    await expectAccessible(endpoint, "delivery with attempts in seconds");
    expect(foreign).toEqual([]);
  });
});
