// docs/admin.md "Week three", Shipping and returns (docs/api/25-shipments.md), in Chromium by role and accessible name
// through the real API: a paid order of two lines made by the API; its page shows per line "Ordered", "Shipped" and
// "Returned" and the fulfilment in words; "Ship items" (a spinbutton per line prefilled with what is left, more than
// is left refused at its line before sending, a tracking URL the API refuses said beside "Tracking URL") ships part
// of it with a tracking number, carrier and URL (the number a link); "Mark delivered"; a second shipment of the rest,
// made by the keyboard, fulfils the order; "Cancel shipment" (dismissed once, then confirmed) puts its units back to
// ship and the order back to paid. "Record return" (a spinbutton per shipped line, "Restock" by the keyboard,
// "Location", "Reason"): more than came back refused before sending, then a return recorded through the API
// meanwhile makes the API refuse at `items.0.quantity`, said at that line; one unit restocked at Default (the returns
// listed, on_hand back up). With a return, a shipment's "Cancel shipment" is replaced by why not. axe at 1280 px on
// the page and each dialog, and at 390 px, where they also fit; no request leaves the origin.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectAccessible, recordForeignRequests, signedInAdmin } from "./support";

const PHONE = { width: 390, height: 844 };

async function expectFits(page: Page, screen: string) {
  await page.waitForLoadState("networkidle");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${screen} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page, `${screen} (phone)`);
}

/** A single live product with a SKU and stock at the default location; returns its variant's id. */
async function product(request: APIRequestContext, storeId: string, auth: Record<string, string>, title: string, sku: string, priceCents: number) {
  const created = await request.post(`/stores/${storeId}/products`, {
    headers: auth,
    data: { title, product_type: "single", default_price_cents: priceCents, status: "live" },
  });
  expect(created.status()).toBe(201);
  const body = await created.json();
  const variantId = body.variants[0].id as string;
  const patched = await request.patch(`/stores/${storeId}/products/${body.id}/variants/${variantId}`, { headers: auth, data: { sku, stock: 10 } });
  expect(patched.status()).toBe(200);
  return variantId;
}

test("shipping and returns: ship part of a paid order with tracking, mark it delivered, ship the rest, cancel that shipment, record a return with restock", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const foreign = await recordForeignRequests(page, new URL(baseURL!).origin);
  const { storeId, auth } = await signedInAdmin(page, request, "Shipping shop");
  const stool = await product(request, storeId, auth, "Oak stool", "OAK-1", 4500);
  const shirt = await product(request, storeId, auth, "Linen shirt", "LIN-1", 3000);
  const placed = await request.post(`/stores/${storeId}/orders`, {
    headers: auth,
    data: {
      email: "buyer@example.test",
      currency: "USD",
      line_items: [
        { variant_id: stool, quantity: 3 },
        { variant_id: shirt, quantity: 2 },
      ],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = (await placed.json()).id as string;
  expect((await request.post(`/stores/${storeId}/orders/${orderId}/transitions`, { headers: auth, data: { status: "paid" } })).status()).toBe(200);
  const stored = async () => (await request.get(`/stores/${storeId}/orders/${orderId}`, { headers: auth })).json();
  const shipments = async () =>
    (await (await request.get(`/stores/${storeId}/shipments?order_id=${orderId}`, { headers: auth })).json()).data as Array<Record<string, unknown>>;

  const items = page.getByRole("region", { name: "Items table" });
  const line = (title: string) => items.getByRole("row").filter({ has: page.getByRole("link", { name: title, exact: true }) });
  const fulfilment = page.locator(".fulfilment-status");
  const shipment = (n: number) => page.getByRole("listitem", { name: `Shipment ${n}`, exact: true });

  await test.step("the order page: per line Ordered, Shipped, Returned, and the fulfilment in words", async () => {
    await page.goto(`/admin/orders/${orderId}`);
    await expect(page.getByRole("heading", { level: 1, name: /^Order / })).toBeVisible();
    await expect(items.getByRole("columnheader")).toHaveText(["Item", "SKU", "Unit price", "Ordered", "Shipped", "Returned", "Subtotal"]);
    await expect(line("Oak stool").getByRole("cell")).toHaveText(["Oak stool", "OAK-1", "$45.00", "3", "0", "0", "$135.00"]);
    await expect(line("Linen shirt").getByRole("cell")).toHaveText(["Linen shirt", "LIN-1", "$30.00", "2", "0", "0", "$60.00"]);
    await expect(fulfilment).toHaveText("Not shipped: 0 of 5 units shipped, 5 to ship.");
    await expect(page.getByRole("region", { name: "Shipments" }).getByText("No shipments yet.")).toBeVisible();
    await expectAccessible(page, "order page (paid, nothing shipped)");
  });

  await test.step("Ship items: more than is left refused at its line; a URL the API refuses beside Tracking URL; then shipped", async () => {
    await page.getByRole("button", { name: "Ship items" }).click();
    const dialog = page.getByRole("dialog", { name: "Ship items" });
    const oak = dialog.getByRole("spinbutton", { name: "Oak stool (OAK-1)" });
    const linen = dialog.getByRole("spinbutton", { name: "Linen shirt (LIN-1)" });
    await expect(oak).toHaveValue("3");
    await expect(linen).toHaveValue("2");
    await expect(dialog.getByRole("combobox", { name: "Location" })).toHaveValue("");
    await expectAccessible(page, "ship items dialog");
    await oak.fill("4");
    await dialog.getByRole("button", { name: "Create shipment" }).click();
    await expect(oak).toHaveAttribute("aria-invalid", "true");
    await expect(oak).toHaveAccessibleDescription(/Enter a whole number from 0 to 3/);
    expect(await shipments()).toHaveLength(0);

    await oak.fill("2");
    await linen.fill("0");
    await dialog.getByRole("textbox", { name: "Tracking number" }).fill("1Z999AA10123456784");
    await dialog.getByRole("textbox", { name: "Carrier" }).fill("UPS");
    await dialog.getByRole("textbox", { name: "Tracking URL" }).fill("ftp://tracking.example.test/1Z999AA10123456784");
    await dialog.getByRole("button", { name: "Create shipment" }).click();
    const url = dialog.getByRole("textbox", { name: "Tracking URL" });
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await expect(oak).not.toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, "ship items dialog with the API's error");
    expect(await shipments()).toHaveLength(0);

    await url.fill("https://tracking.example.test/1Z999AA10123456784");
    await dialog.getByRole("button", { name: "Create shipment" }).click();
    await expect(dialog).toBeHidden();
    await expect(line("Oak stool").getByRole("cell")).toHaveText(["Oak stool", "OAK-1", "$45.00", "3", "2", "0", "$135.00"]);
    await expect(line("Linen shirt").getByRole("cell").nth(4)).toHaveText("0");
    await expect(fulfilment).toHaveText("Partially shipped: 2 of 5 units shipped, 3 to ship.");
    await expect(shipment(1).getByText("Shipped", { exact: true })).toBeVisible();
    await expect(shipment(1)).toContainText("2 × Oak stool (OAK-1)");
    const tracking = shipment(1).getByRole("link", { name: "1Z999AA10123456784" });
    await expect(tracking).toHaveAttribute("href", "https://tracking.example.test/1Z999AA10123456784");
    await expect(shipment(1)).toContainText("1Z999AA10123456784 (UPS)");
    await expectAccessible(page, "order page with a shipment");
    const [first] = await shipments();
    expect([first.status, first.items, first.tracking]).toEqual([
      "shipped",
      [{ line_item_id: `${orderId}:0`, variant_id: stool, sku: "OAK-1", quantity: 2 }],
      [{ number: "1Z999AA10123456784", carrier: "UPS", url: "https://tracking.example.test/1Z999AA10123456784" }],
    ]);
    const order = await stored();
    expect([order.status, order.fulfillment_status]).toEqual(["paid", "partially_fulfilled"]);
  });

  await test.step("Mark delivered", async () => {
    await shipment(1).getByRole("button", { name: "Mark delivered" }).click();
    await expect(shipment(1).getByText("Delivered", { exact: true })).toBeVisible();
    await expect(shipment(1).getByRole("button", { name: "Mark delivered" })).toHaveCount(0);
    await expect(shipment(1).getByRole("button", { name: "Cancel shipment" })).toHaveCount(0);
    const [first] = await shipments();
    expect(first.status).toBe("delivered");
    expect(first.delivered_at).toEqual(expect.any(String));
  });

  await test.step("by the keyboard: Ship items prefilled with what is left ships the rest; the order is fulfilled", async () => {
    await page.getByRole("button", { name: "Ship items" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Ship items" });
    await expect(dialog.getByRole("spinbutton", { name: "Oak stool (OAK-1)" })).toHaveValue("1");
    await expect(dialog.getByRole("spinbutton", { name: "Linen shirt (LIN-1)" })).toHaveValue("2");
    await dialog.getByRole("combobox", { name: "Location" }).selectOption({ label: "Default" });
    await dialog.getByRole("textbox", { name: "Tracking number" }).focus();
    await page.keyboard.type("JD014600006281", { delay: 5 });
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(fulfilment).toHaveText("Shipped: 5 of 5 units shipped.");
    await expect(page.getByRole("button", { name: "Ship items" })).toHaveCount(0);
    await expect(line("Linen shirt").getByRole("cell").nth(4)).toHaveText("2");
    await expect(shipment(2)).toContainText("1 × Oak stool (OAK-1)");
    await expect(shipment(2)).toContainText("2 × Linen shirt (LIN-1)");
    // No URL: the number is text, not a link.
    await expect(shipment(2)).toContainText("JD014600006281");
    await expect(shipment(2).getByRole("link")).toHaveCount(0);
    await expect(shipment(2)).toContainText(/from Default/);
    expect((await stored()).status).toBe("fulfilled");
  });

  await test.step("Cancel shipment: dismissed changes nothing; confirmed, its units are to ship again and the order is paid", async () => {
    await shipment(2).getByRole("button", { name: "Cancel shipment" }).click();
    const confirm = page.getByRole("dialog", { name: "Cancel shipment 2?" });
    await expect(confirm).toContainText("Its 3 units are to ship again");
    await expectAccessible(page, "cancel shipment confirmation");
    await confirm.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(confirm).toBeHidden();
    expect((await shipments()).map((s) => s.status).sort()).toEqual(["delivered", "shipped"]);

    await shipment(2).getByRole("button", { name: "Cancel shipment" }).click();
    await confirm.getByRole("button", { name: "Cancel shipment" }).focus();
    await page.keyboard.press("Enter");
    await expect(confirm).toBeHidden();
    await expect(shipment(2).getByText("Canceled", { exact: true })).toBeVisible();
    await expect(shipment(2).getByRole("button")).toHaveCount(0);
    await expect(fulfilment).toHaveText("Partially shipped: 2 of 5 units shipped, 3 to ship.");
    await expect(line("Linen shirt").getByRole("cell").nth(4)).toHaveText("0");
    await expect(page.getByRole("button", { name: "Ship items" })).toBeVisible();
    const order = await stored();
    expect([order.status, order.fulfillment_status, order.line_items.map((l: { fulfilled_quantity: number }) => l.fulfilled_quantity)]).toEqual([
      "paid",
      "partially_fulfilled",
      [2, 0],
    ]);
    await expectAccessible(page, "order page with a delivered and a canceled shipment");
  });

  await test.step("Record return with restock: more than came back refused before sending; the API's refusal beside its line", async () => {
    const returnsCard = page.getByRole("region", { name: "Returns" });
    await expect(returnsCard.getByText("No returns yet.")).toBeVisible();
    await returnsCard.getByRole("button", { name: "Record return" }).click();
    const dialog = page.getByRole("dialog", { name: "Record return" });
    const oak = dialog.getByRole("spinbutton", { name: "Oak stool (OAK-1)" });
    // Only a line that shipped units can have some come back.
    await expect(dialog.getByRole("spinbutton")).toHaveCount(1);
    await expect(oak).toHaveValue("0");
    const restock = dialog.getByRole("checkbox", { name: "Restock" });
    const location = dialog.getByRole("combobox", { name: "Location" });
    await expect(restock).toBeChecked();
    // Not restocked, the units go nowhere: no location to choose.
    await restock.focus();
    await page.keyboard.press("Space");
    await expect(restock).not.toBeChecked();
    await expect(location).toBeDisabled();
    await page.keyboard.press("Space");
    await expect(restock).toBeChecked();
    await expect(location).toBeEnabled();
    await location.selectOption({ label: "Default" });
    await dialog.getByRole("textbox", { name: "Reason" }).fill("Damaged in transit");
    await oak.fill("3");
    await dialog.getByRole("button", { name: "Record return" }).click();
    await expect(oak).toHaveAttribute("aria-invalid", "true");
    await expect(oak).toHaveAccessibleDescription(/Enter a whole number from 0 to 2/);
    await oak.fill("2");
    await expectAccessible(page, "record return dialog");
    // Meanwhile one of the two comes back through the API, not restocked: only 1 can still come back.
    const elsewhere = await request.post(`/stores/${storeId}/orders/${orderId}/returns`, {
      headers: auth,
      data: { items: [{ line_item_id: `${orderId}:0`, quantity: 1, restock: false }], reason: "Returned at the counter" },
    });
    expect(elsewhere.status(), await elsewhere.text()).toBe(201);
    await dialog.getByRole("button", { name: "Record return" }).click();
    await expect(oak).toHaveAttribute("aria-invalid", "true");
    await expect(oak).toHaveAccessibleDescription(/at most .*\(1\)/);
    await oak.fill("1");
    await dialog.getByRole("button", { name: "Record return" }).click();
    await expect(dialog).toBeHidden();

    await expect(line("Oak stool").getByRole("cell")).toHaveText(["Oak stool", "OAK-1", "$45.00", "3", "2", "2", "$135.00"]);
    await expect(fulfilment).toHaveText("Partially shipped: 2 of 5 units shipped, 3 to ship, 2 returned.");
    const ret = (n: number) => returnsCard.getByRole("listitem", { name: `Return ${n}`, exact: true });
    await expect(ret(1)).toContainText("1 × Oak stool (OAK-1), not restocked");
    await expect(ret(1)).toContainText("Returned at the counter");
    await expect(ret(2)).toContainText("1 × Oak stool (OAK-1), restocked at Default");
    await expect(ret(2)).toContainText("Damaged in transit");
    // Every unit shipped has come back: nothing more to return.
    await expect(returnsCard.getByRole("button", { name: "Record return" })).toHaveCount(0);
    await expectAccessible(page, "order page with returns");
    const returns = (await (await request.get(`/stores/${storeId}/orders/${orderId}/returns`, { headers: auth })).json()).data;
    const locations = (await (await request.get(`/stores/${storeId}/locations`, { headers: auth })).json()).data as Array<{ id: string; name: string }>;
    expect(returns[0]).toMatchObject({
      items: [{ line_item_id: `${orderId}:0`, sku: "OAK-1", quantity: 1, restock: true, location_id: locations.find((l) => l.name === "Default")!.id }],
      reason: "Damaged in transit",
    });
    // Shipped 2 of 10 on hand, 1 restocked: 9.
    const level = (await (await request.get(`/stores/${storeId}/inventory?sku=OAK-1`, { headers: auth })).json()).data[0];
    expect(level.on_hand).toBe(9);
  });

  await test.step("once the order has a return, a shipment cannot be canceled: said instead of the button", async () => {
    const shipped = await request.post(`/stores/${storeId}/orders/${orderId}/shipments`, {
      headers: auth,
      data: { items: [{ line_item_id: `${orderId}:1`, quantity: 1 }] },
    });
    expect(shipped.status(), await shipped.text()).toBe(201);
    await page.reload();
    await expect(shipment(3)).toContainText("1 × Linen shirt (LIN-1)");
    await expect(shipment(3).getByRole("button", { name: "Mark delivered" })).toBeVisible();
    await expect(shipment(3).getByRole("button", { name: "Cancel shipment" })).toHaveCount(0);
    await expect(shipment(3)).toContainText("It cannot be canceled: the order has a return.");
    // It shipped 1 more: that one can come back.
    await expect(page.getByRole("region", { name: "Returns" }).getByRole("button", { name: "Record return" })).toBeVisible();
  });

  await test.step("at 390 px: the order page, Ship items and Record return fit and pass axe", async () => {
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(shipment(3)).toBeVisible();
    await expectFits(page, "order page with shipments and returns");
    await page.getByRole("button", { name: "Ship items" }).click();
    await expect(page.getByRole("dialog", { name: "Ship items" }).getByRole("spinbutton", { name: "Oak stool (OAK-1)" })).toHaveValue("1");
    await expectFits(page, "ship items dialog");
    await page.getByRole("dialog", { name: "Ship items" }).getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog", { name: "Ship items" })).toBeHidden();
    await page.getByRole("region", { name: "Returns" }).getByRole("button", { name: "Record return" }).click();
    const dialog = page.getByRole("dialog", { name: "Record return" });
    await expect(dialog.getByRole("spinbutton", { name: "Linen shirt (LIN-1)" })).toHaveValue("0");
    await expectFits(page, "record return dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  expect(foreign).toEqual([]);
});
