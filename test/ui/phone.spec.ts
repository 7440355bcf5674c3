// docs/admin.md "Small screens": at 390 x 844 CSS pixels no screen of the console scrolls sideways
// (document.documentElement.scrollWidth <= the viewport's width), the navigation sits behind a button "Menu", and
// wide tables scroll inside their own box. Every screen is visited, reached through "Menu" where the navigation
// leads to it, and scanned by axe-core.
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, png, recordForeignRequests, signedInAdmin } from "./support";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

/** SCREENSHOTS=1 npm run test:ui refreshes the screenshots of docs/ and the README. */
async function screenshot(page: Page, name: string) {
  if (process.env.SCREENSHOTS === "1") await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: false });
}

async function expectFits(page: Page, screen: string) {
  // Let late content (lists, images) settle before measuring.
  await page.waitForLoadState("networkidle");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${screen} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page, `${screen} (phone)`);
}

async function viaMenu(page: Page, link: string, heading: string | RegExp) {
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: link })).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "true");
  await nav.getByRole("link", { name: link }).click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  // Navigating folds the menu again, so the screen is not covered.
  await expect(nav.getByRole("link", { name: link })).toBeHidden();
}

test("every screen fits a 390 px wide phone, with the navigation behind Menu", async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  const foreign = await recordForeignRequests(page, new URL(baseURL!).origin);

  await test.step("signed out: sign in and create account", async () => {
    await page.goto("/admin/login");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expectFits(page, "sign in");
    await page.getByRole("link", { name: "Create account" }).click();
    await expectFits(page, "create account");
  });

  const { storeId, auth } = await signedInAdmin(page, request, "A shop with a rather long name for a phone");
  // Data for every screen: a variable product with a long SKU and an image, a customer, an order, a webhook with a
  // delivery, a token.
  const product = await (
    await request.post(`/stores/${storeId}/products`, {
      headers: auth,
      data: { title: "A linen shirt with a long, long title for a small screen", product_type: "variable" },
    })
  ).json();
  const variant = await (
    await request.post(`/stores/${storeId}/products/${product.id}/variants`, {
      headers: auth,
      data: {
        price_cents: 2000,
        stock: 4,
        sku: "LINEN-SHIRT-EXTRA-LARGE-OCEAN-BLUE-0001",
        option_values: [
          { name: "Size", value: "XL" },
          { name: "Colour", value: "Ocean blue" },
        ],
      },
    })
  ).json();
  await request.patch(`/stores/${storeId}/products/${product.id}`, { headers: auth, data: { status: "live" } });
  const upload = await request.post(`/stores/${storeId}/products/${product.id}/images`, {
    headers: auth,
    multipart: { file: { name: "shirt.png", mimeType: "image/png", buffer: png(64, [30, 90, 160]) }, alt: "Blue shirt" },
  });
  expect(upload.status()).toBe(201);
  const customer = await (
    await request.post(`/stores/${storeId}/customers`, { headers: auth, data: { email: "a.very.long.customer.address@example.test", name: "Pat Phone" } })
  ).json();
  const order = await (
    await request.post(`/stores/${storeId}/orders`, {
      headers: auth,
      data: { customer_id: customer.id, currency: "USD", line_items: [{ variant_id: variant.id, quantity: 1 }] },
    })
  ).json();
  const hook = await (
    await request.post(`/stores/${storeId}/webhooks`, {
      headers: auth,
      data: {
        url: "http://127.0.0.1:9/a/rather/long/path/for/the/endpoint/that/answers/nothing",
        events: ["orders.updated"],
        secret: "phone-secret-0123456789",
      },
    })
  ).json();
  const webhookId = hook.data[0].id as string;
  await request.post(`/stores/${storeId}/api-tokens`, { headers: auth, data: { name: "phone token", scopes: ["products.read", "orders.read"] } });
  await request.post(`/stores/${storeId}/orders/${order.id}/transitions`, { headers: auth, data: { status: "paid" } });
  await request.post(`/stores/${storeId}/integrations`, {
    headers: auth,
    data: { name: "A nightly ERP sync with a long name", scopes: ["products.read", "orders.read"] },
  });
  const collection = await (
    await request.post(`/stores/${storeId}/collections`, { headers: auth, data: { title: "A front page collection with a long title", kind: "manual" } })
  ).json();
  await request.put(`/stores/${storeId}/collections/${collection.id}/products`, { headers: auth, data: { product_ids: [product.id] } });

  await test.step("products, a product, its variant dialog, new product", async () => {
    await page.goto("/admin/products");
    await expect(page.getByRole("link", { name: /A linen shirt/ })).toBeVisible();
    await expectFits(page, "products");
    await screenshot(page, "phone-products");
    await page.getByRole("link", { name: /A linen shirt/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: /A linen shirt/ })).toBeVisible();
    await expect(page.getByRole("img", { name: "Blue shirt" }).first()).toBeVisible();
    await expectFits(page, "product page");
    await page.getByRole("button", { name: "Edit variant XL / Ocean blue" }).click();
    await expect(page.getByRole("dialog", { name: "Edit variant XL / Ocean blue" })).toBeVisible();
    await expectFits(page, "edit variant dialog");
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await viaMenu(page, "Products", "Products");
    await page.getByRole("link", { name: "New product" }).click();
    await expectFits(page, "new product");
  });

  await test.step("collections, a manual collection", async () => {
    await viaMenu(page, "Collections", "Collections");
    await expect(page.getByRole("row", { name: /A front page collection/ })).toBeVisible();
    await expectFits(page, "collections");
    await page.getByRole("link", { name: /A front page collection/ }).click();
    await expect(page.getByRole("list", { name: "Products in this collection" })).toContainText("A linen shirt");
    await expectFits(page, "collection page");
  });

  await test.step("orders, an order, its refund dialog", async () => {
    await viaMenu(page, "Orders", "Orders");
    await expectFits(page, "orders");
    await page
      .getByRole("row", { name: /a\.very\.long/ })
      .getByRole("link")
      .click();
    await expect(page.getByRole("button", { name: "Refund" })).toBeVisible();
    await expectFits(page, "order page");
    await screenshot(page, "phone-order");
    await page.getByRole("button", { name: "Refund" }).click();
    await expectFits(page, "refund dialog");
    await page.getByRole("dialog", { name: "Refund" }).getByRole("button", { name: "Cancel" }).click();
  });

  await test.step("customers, a customer, new customer", async () => {
    await viaMenu(page, "Customers", "Customers");
    await expectFits(page, "customers");
    await page.getByRole("link", { name: "a.very.long.customer.address@example.test" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Pat Phone" })).toBeVisible();
    await expectFits(page, "customer page");
    await viaMenu(page, "Customers", "Customers");
    await page.getByRole("button", { name: "New customer" }).click();
    await expectFits(page, "new customer dialog");
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  });

  await test.step("webhooks, an endpoint's settings and deliveries, all deliveries", async () => {
    await viaMenu(page, "Webhooks", "Webhooks");
    await expectFits(page, "webhooks");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expectFits(page, "add endpoint dialog");
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await page.goto(`/admin/webhooks/${webhookId}`);
    await expect(page.getByRole("tab", { name: "Settings" })).toBeVisible();
    await expectFits(page, "endpoint settings");
    await page.getByRole("tab", { name: "Deliveries" }).click();
    await expect(page.getByRole("row", { name: /orders\.updated/ })).toBeVisible({ timeout: 30_000 });
    await page
      .getByRole("row", { name: /orders\.updated/ })
      .getByRole("link")
      .click();
    await expect(page.getByRole("heading", { name: /Delivery of orders\.updated/ })).toBeVisible();
    await expectFits(page, "endpoint deliveries with an open delivery");
    await viaMenu(page, "Webhooks", "Webhooks");
    await page.getByRole("link", { name: "All deliveries" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "All deliveries" })).toBeVisible();
    await expectFits(page, "all deliveries");
  });

  await test.step("access tokens, team, audit log, new store", async () => {
    await viaMenu(page, "Access tokens", "Access tokens");
    await expect(page.getByRole("row", { name: /phone token/ })).toBeVisible();
    await expectFits(page, "access tokens");
    await page.getByRole("button", { name: "New token" }).click();
    await expectFits(page, "new token dialog");
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await viaMenu(page, "Integrations", "Integrations");
    await expect(page.getByRole("row", { name: /A nightly ERP sync/ })).toBeVisible();
    await expectFits(page, "integrations");
    await viaMenu(page, "Team", "Team");
    await expectFits(page, "team");
    await viaMenu(page, "Audit log", "Audit log");
    await expect(page.getByRole("row", { name: /marked an order as paid/ })).toBeVisible();
    await expectFits(page, "audit log");
    await viaMenu(page, "Settings", "Settings");
    await expectFits(page, "settings");
    await page.getByRole("combobox", { name: "Store" }).selectOption({ label: "New store…" });
    await expect(page.getByRole("textbox", { name: "Store name" })).toBeVisible();
    await expectFits(page, "new store");
  });
  expect(foreign).toEqual([]);
});
