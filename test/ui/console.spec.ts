// The store admin's console in a real browser (Debian's Chromium), driven by role and accessible name only, as
// docs/admin.md names the controls. One flow from sign-up to inviting a teammate; every screen is scanned by axe-core
// and no request may leave the origin.
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, failingReceiver, png, recordForeignRequests, type Receiver } from "./support";

const RECEIVER_PORT = Number(process.env.UI_RECEIVER_PORT ?? 8849);
const RECEIVER_BODY = "receiver says no: failure 500 for the console test";

/** SCREENSHOTS=1 npm run test:ui refreshes the screenshots of docs/ and the README. */
async function screenshot(page: Page, name: string) {
  if (process.env.SCREENSHOTS === "1") await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: false });
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function navigateTo(page: Page, link: string, heading: string) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link }).click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

let receiver: Receiver;
test.beforeAll(async () => {
  receiver = await failingReceiver(RECEIVER_PORT, RECEIVER_BODY);
});
test.afterAll(async () => {
  await receiver?.close();
});

test("a store admin runs their store from the console", async ({ page, baseURL, request }) => {
  // A long flow (the webhook step alone waits for three attempts 2 s and 4 s apart) on a shared, loaded machine.
  test.setTimeout(480_000);
  const foreign = await recordForeignRequests(page, new URL(baseURL!).origin);
  const email = `admin-${unique()}@example.test`;
  const password = "a-long-password-1";

  await test.step("sign up, then create a store", async () => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expectAccessible(page, "sign in");
    await page.getByRole("link", { name: "Create account" }).click();
    await page.getByRole("textbox", { name: "Name" }).fill("Ada Admin");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("textbox", { name: "Password" }).fill("short");
    await expectAccessible(page, "create account");
    await page.getByRole("button", { name: "Create account" }).click();
    // The API's field error (errors[].path = password) appears next to its field.
    await expect(page.getByText(/at least 10|10 char/i).first()).toBeVisible();
    await page.getByRole("textbox", { name: "Password" }).fill(password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("textbox", { name: "Store name" })).toBeVisible();
    await expectAccessible(page, "create store");
    await page.getByRole("textbox", { name: "Store name" }).fill("Ada's Shop");
    await page.getByRole("button", { name: "Create store" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Store" })).toHaveValue(/.+/);
    await expectAccessible(page, "products (empty)");
  });

  await test.step("create a single product priced in major units", async () => {
    await page.getByRole("link", { name: "New product" }).click();
    await page.getByRole("textbox", { name: "Title" }).fill("Enamel mug");
    await page.getByRole("radio", { name: "Single" }).check();
    await page.getByRole("textbox", { name: "Price", exact: true }).fill("12.50");
    await expectAccessible(page, "new product");
    await page.getByRole("button", { name: "Create product" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Enamel mug" })).toBeVisible();
    await expect(page.getByText("Draft", { exact: true })).toBeVisible();
    await expect(page.getByRole("row", { name: /Default/ })).toContainText("12.50");
    await expectAccessible(page, "product page");
  });

  let productUrl = "";
  await test.step("create a variable product with two variants", async () => {
    await navigateTo(page, "Products", "Products");
    await page.getByRole("link", { name: "New product" }).click();
    await page.getByRole("textbox", { name: "Title" }).fill("Linen shirt");
    await page.getByRole("radio", { name: "Variable" }).check();
    await expect(page.getByRole("textbox", { name: "Price", exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Create product" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Linen shirt" })).toBeVisible();
    productUrl = page.url();
    for (const [sku, price, stock, size] of [
      ["LS-S", "20.00", "5", "S"],
      ["LS-M", "22.00", "0", "M"],
    ]) {
      await page.getByRole("button", { name: "Add variant" }).click();
      const dialog = page.getByRole("dialog", { name: "Add variant" });
      await dialog.getByRole("textbox", { name: "SKU" }).fill(sku);
      await dialog.getByRole("textbox", { name: "Price", exact: true }).fill(price);
      await dialog.getByRole("spinbutton", { name: "Stock" }).fill(stock);
      await dialog.getByRole("combobox", { name: "Fulfillment" }).selectOption("stocked");
      await dialog.getByRole("textbox", { name: "Option 1 name" }).fill("Size");
      await dialog.getByRole("textbox", { name: "Option 1 value" }).fill(size);
      if (sku === "LS-S") await expectAccessible(page, "add variant dialog");
      await dialog.getByRole("button", { name: "Save variant" }).click();
      await expect(page.getByRole("row", { name: new RegExp(sku) })).toBeVisible();
    }
    await expect(page.getByRole("row", { name: /LS-S/ })).toContainText("In stock");
    await expect(page.getByRole("row", { name: /LS-M/ })).toContainText("Out of stock");
  });

  await test.step("upload two images, make the second primary, reorder, set alt text", async () => {
    await page.getByLabel("Upload images").setInputFiles([
      { name: "red.png", mimeType: "image/png", buffer: png(64, [200, 30, 30]) },
      { name: "blue.png", mimeType: "image/png", buffer: png(64, [30, 30, 200]) },
    ]);
    const items = page.getByRole("list", { name: "Gallery items" }).getByRole("listitem");
    await expect(items).toHaveCount(2);
    await items.nth(0).getByRole("textbox", { name: "Alt text" }).fill("Red shirt");
    await items.nth(0).getByRole("textbox", { name: "Alt text" }).blur();
    await expect(items.nth(0).getByRole("img", { name: "Red shirt" })).toBeVisible();
    await items.nth(1).getByRole("textbox", { name: "Alt text" }).fill("Blue shirt");
    await items.nth(1).getByRole("textbox", { name: "Alt text" }).blur();
    await expect(items.nth(1).getByRole("img", { name: "Blue shirt" })).toBeVisible();
    // The first upload is primary: no "Make primary" on it.
    await expect(items.nth(0).getByRole("button", { name: "Make primary" })).toHaveCount(0);
    await items.nth(1).getByRole("button", { name: "Make primary" }).click();
    await expect(items.nth(1).getByRole("button", { name: "Make primary" })).toHaveCount(0);
    await expect(items.nth(0).getByRole("button", { name: "Make primary" })).toBeVisible();
    await items.nth(0).getByRole("button", { name: "Move later" }).click();
    await expect(items.nth(0).getByRole("img", { name: "Blue shirt" })).toBeVisible();
    await expect(items.nth(1).getByRole("img", { name: "Red shirt" })).toBeVisible();
    await expectAccessible(page, "gallery");
    await page.getByRole("heading", { name: "Gallery" }).scrollIntoViewIfNeeded();
    await screenshot(page, "product");
    // A deep link survives a reload, and the order and primary were saved.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Linen shirt" })).toBeVisible();
    await expect(items.nth(0).getByRole("img", { name: "Blue shirt" })).toBeVisible();
    await expect(items.nth(0).getByRole("button", { name: "Make primary" })).toHaveCount(0);
    await expect(items.nth(1).getByRole("button", { name: "Make primary" })).toBeVisible();
  });

  await test.step("preview and publish", async () => {
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("dialog", { name: "Shopper preview" });
    await expect(preview.getByRole("img", { name: "Blue shirt" }).first()).toBeVisible();
    await expectAccessible(page, "shopper preview");
    await preview.getByRole("button", { name: "Close preview" }).click();
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Live", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
  });

  await test.step("products list: search, drafts, rows with title and status", async () => {
    await navigateTo(page, "Products", "Products");
    await expect(page.getByRole("row", { name: /Linen shirt/ })).toContainText("Live");
    await expect(page.getByRole("row", { name: /Enamel mug/ })).toContainText("Draft");
    // The primary image (the blue one) as the row's thumbnail, loaded through the API's 150 px size; none for the mug.
    const thumb = page.getByRole("row", { name: /Linen shirt/ }).locator("img.thumb");
    await expect(thumb).toHaveAttribute("src", /\/thumbnail$/);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole("row", { name: /Enamel mug/ }).locator("img")).toHaveCount(0);
    // The checkbox shows the URL's state, which the router writes a moment after the click: click, then wait for it
    // (uncheck() checks the state at once and failed now and then).
    const drafts = page.getByRole("checkbox", { name: "Include drafts" });
    await drafts.click();
    await expect(drafts).not.toBeChecked();
    await expect(page.getByRole("row", { name: /Enamel mug/ })).toHaveCount(0);
    await drafts.click();
    await expect(drafts).toBeChecked();
    await page.getByRole("searchbox", { name: "Search products" }).fill("LS-M");
    await expect(page.getByRole("row", { name: /Linen shirt/ })).toBeVisible();
    await expect(page.getByRole("row", { name: /Enamel mug/ })).toHaveCount(0);
    await expectAccessible(page, "products list");
    await screenshot(page, "products");
    await page.getByRole("searchbox", { name: "Search products" }).fill("");
  });

  await test.step("register a webhook to a receiver that answers 500, read the failed attempt, replay", async () => {
    await navigateTo(page, "Webhooks", "Webhooks");
    await expectAccessible(page, "webhooks (empty)");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const dialog = page.getByRole("dialog", { name: "Add endpoint" });
    await dialog.getByRole("textbox", { name: "Endpoint URL" }).fill(receiver.url);
    await dialog.getByRole("checkbox", { name: "products.updated" }).check();
    await dialog.getByRole("button", { name: "Generate" }).click();
    await expect(dialog.getByRole("textbox", { name: "Signing secret" })).toHaveValue(/.{16,}/);
    await expectAccessible(page, "add endpoint dialog");
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByRole("link", { name: receiver.url })).toBeVisible();

    // A change of the product emits products.updated.
    await page.goto(productUrl);
    await page.getByRole("textbox", { name: "Brand" }).fill("Ada & Co");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();

    await navigateTo(page, "Webhooks", "Webhooks");
    await page.getByRole("link", { name: receiver.url }).click();
    await page.getByRole("tab", { name: "Deliveries" }).click();
    await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Failed" });
    // Three attempts (2 s and 4 s apart) end the delivery as failed; the list polls while it is pending.
    const failedRow = page.getByRole("row", { name: /products\.updated/ });
    await expect(failedRow).toBeVisible({ timeout: 60_000 });
    await expect(failedRow).toContainText("failed");
    await expect(failedRow).toContainText("3");
    await failedRow.getByRole("link", { name: "products.updated" }).click();
    await expect(page.getByRole("heading", { name: "Attempt 3" })).toBeVisible();
    await expect(page.getByRole("region", { name: /Response body of attempt 1/ }).or(page.getByLabel("Response body of attempt 1"))).toContainText(
      RECEIVER_BODY,
    );
    await expect(page.getByText("500").first()).toBeVisible();
    await expectAccessible(page, "deliveries tab");
    await screenshot(page, "deliveries");

    const before = receiver.requests;
    await page.getByRole("button", { name: "Replay" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Replayed" })).toBeVisible();
    await expect.poll(() => receiver.requests, { timeout: 30_000 }).toBeGreaterThan(before);
    await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "All" });
    await expect(page.getByRole("row", { name: /products\.updated/ })).toHaveCount(2);

    // The store-wide view lists both deliveries with the endpoint they went to.
    await navigateTo(page, "Webhooks", "Webhooks");
    await page.getByRole("link", { name: "All deliveries" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "All deliveries" })).toBeVisible();
    await expect(page.getByRole("row", { name: /products\.updated/ })).toHaveCount(2);
    await expect(page.getByRole("row", { name: /products\.updated/ }).first()).toContainText(receiver.url);
    await expectAccessible(page, "all deliveries");
  });

  let storeId = "";
  await test.step("create a token: its value works against the API; revoke it: 401", async () => {
    await navigateTo(page, "Access tokens", "Access tokens");
    await expectAccessible(page, "access tokens (empty)");
    await page.getByRole("button", { name: "New token" }).click();
    const dialog = page.getByRole("dialog", { name: "New token" });
    await dialog.getByRole("textbox", { name: "Token name" }).fill("catalog sync");
    await dialog.getByRole("checkbox", { name: "products.read" }).check();
    await expectAccessible(page, "new token dialog");
    await dialog.getByRole("button", { name: "Create token" }).click();
    const value = await dialog.getByRole("textbox", { name: "New token value" }).inputValue();
    expect(value).toMatch(/^bod_[A-Za-z0-9_-]{43}$/);
    await expect(dialog.getByRole("button", { name: "Copy" })).toBeVisible();
    await screenshot(page, "token");
    await dialog.getByRole("button", { name: "Done" }).click();

    const me = await request.get("/me", { headers: { Authorization: `Bearer ${value}` } });
    expect(me.status()).toBe(200);
    storeId = (await me.json()).stores[0].id;
    const products = await request.get(`/stores/${storeId}/products?include_drafts=true`, {
      headers: { Authorization: `Bearer ${value}` },
    });
    expect(products.status()).toBe(200);
    expect((await products.json()).pagination.total).toBe(2);

    const row = page.getByRole("row", { name: /catalog sync/ });
    await expect(row).toContainText("products.read");
    await expect(row).toContainText(value.slice(0, 8));
    // Who the token belongs to and who issued it (holds its value): both the signed-in owner here.
    await expect(page.getByRole("columnheader", { name: "Issued by" })).toBeVisible();
    await expect(row.getByRole("cell", { name: "you", exact: true })).toHaveCount(2);
    await row.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByRole("row", { name: /catalog sync/ })).toHaveCount(0);
    const after = await request.get("/me", { headers: { Authorization: `Bearer ${value}` } });
    expect(after.status()).toBe(401);
  });

  await test.step("invite a teammate", async () => {
    await navigateTo(page, "Team", "Team");
    await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("owner");
    await page.getByRole("button", { name: "Invite teammate" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite teammate" });
    const teammate = `mate-${unique()}@example.test`;
    await dialog.getByRole("textbox", { name: "Email" }).fill(teammate);
    await dialog.getByRole("checkbox", { name: "webhooks.read" }).check();
    await expectAccessible(page, "invite dialog");
    await dialog.getByRole("button", { name: "Create invite" }).click();
    await expect(dialog.getByRole("textbox", { name: "Invite link" })).toHaveValue(/\/admin\/join\?invite=.{20,}/);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("heading", { name: "Invites" })).toBeVisible();
    const inviteRow = page.getByRole("row", { name: new RegExp(teammate) });
    await expect(inviteRow).toContainText("webhooks.read");
    await expect(inviteRow).toContainText("Ada Admin");
    await expectAccessible(page, "team");
  });

  await test.step("revoke the pending invite: confirmed, then gone from the list", async () => {
    const inviteRow = page.getByRole("row", { name: /mate-.*@example\.test/ });
    await inviteRow.getByRole("button", { name: "Revoke" }).click();
    const confirm = page.getByRole("dialog");
    await expect(confirm).toContainText("Revoke the invite");
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByRole("row", { name: /mate-.*@example\.test/ })).toHaveCount(0);
    await expect(page.getByText("No open invites.")).toBeVisible();
  });

  await test.step("audit log, then sign out", async () => {
    await navigateTo(page, "Audit log", "Audit log");
    await expect(page.getByRole("row", { name: /published a product/ })).toBeVisible();
    await expect(page.getByRole("row", { name: /created an access token/ }).first()).toBeVisible();
    await expectAccessible(page, "audit log");
    const jwt = await page.evaluate(() => JSON.parse(sessionStorage.getItem("bod.session")!).token as string);
    expect((await request.get("/me", { headers: { Authorization: `Bearer ${jwt}` } })).status()).toBe(200);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    // Sign out called POST /logout: the session's JWT no longer works.
    expect((await request.get("/me", { headers: { Authorization: `Bearer ${jwt}` } })).status()).toBe(401);
    expect(await page.evaluate(() => sessionStorage.getItem("bod.session"))).toBeNull();
  });

  expect(foreign).toEqual([]);
});

test("a 401 from the API returns to sign-in, saying the session ended", async ({ page, baseURL, request }) => {
  const email = `expired-${unique()}@example.test`;
  const password = "a-long-password-2";
  expect((await request.post("/users", { data: { email, password, name: "Eve" } })).status()).toBe(201);
  await page.goto("/admin/audit-log");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("textbox", { name: "Store name" })).toBeVisible();
  // A session the server no longer accepts: the next API call answers 401 and the console asks to sign in again.
  await page.evaluate(() => {
    const session = JSON.parse(sessionStorage.getItem("bod.session")!);
    sessionStorage.setItem("bod.session", JSON.stringify({ ...session, token: `${session.token}x` }));
  });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "session has ended" })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
});

test("a 403 names the missing permission", async ({ page, request }) => {
  const password = "a-long-password-3";
  const signUp = async (name: string) => {
    const email = `${name}-${unique()}@example.test`;
    expect((await request.post("/users", { data: { email, password, name } })).status()).toBe(201);
    const login = await request.post("/login", { data: { email, password } });
    return { email, jwt: (await login.json()).token as string };
  };
  const owner = await signUp("owner");
  const auth = (jwt: string) => ({ Authorization: `Bearer ${jwt}` });
  const store = await (await request.post("/stores", { headers: auth(owner.jwt), data: { name: "Shared" } })).json();
  const mate = await signUp("mate");
  const invite = await request.post(`/stores/${store.id}/invites`, {
    headers: auth(owner.jwt),
    data: { email: mate.email, permissions: ["webhooks.read"] },
  });
  const accepted = await request.post("/invites/accept", { headers: auth(mate.jwt), data: { token: (await invite.json()).token } });
  expect(accepted.status()).toBe(200);

  await page.goto("/admin/login");
  await page.getByRole("textbox", { name: "Email" }).fill(mate.email);
  await page.getByRole("textbox", { name: "Password" }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText('You need the "products.read" permission');
  await expectAccessible(page, "products (forbidden)");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByText("No endpoints yet")).toBeVisible();
});

test("/docs renders the API reference offline under its CSP", async ({ page, baseURL }) => {
  const foreign = await recordForeignRequests(page, new URL(baseURL!).origin);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto("/docs");
  expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expect(page.getByRole("heading", { name: "Commerce admin API" }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("link", { name: /Sign up/ }).first()).toBeVisible();
  // The API's own try-it-out stays; nothing that needs the reference vendor's cloud is offered (docs/admin.md, Day one).
  await expect(page.getByRole("button", { name: /Test Request/ }).first()).toBeVisible();
  for (const cloudOnly of [/Ask AI/i, /Generate MCP/i, /Connect MCP/i, /^Deploy/i, /Developer Tools/i, /^Share$/i]) {
    await expect(page.getByRole("button", { name: cloudOnly })).toHaveCount(0);
    await expect(page.getByRole("link", { name: cloudOnly })).toHaveCount(0);
  }
  await expect(page.getByText(/Ask AI|Generate MCP/)).toHaveCount(0);
  expect(violations).toEqual([]);
  expect(foreign).toEqual([]);
});
