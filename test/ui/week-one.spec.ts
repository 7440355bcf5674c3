// docs/admin.md "Week one", driven in Chromium by role and name: joining from an invite link (a second browser context),
// one session across the tabs of a browser (a second tab) and signing out of all of them, the unsaved-changes guard,
// save feedback, confirmations, list state in the URL, the audit log in words with filters, store settings (prices
// in the store's currency, times in its zone), customer search by part of a name, and phones with real content.
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, png, signedInAdmin } from "./support";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PHONE = { width: 390, height: 844 };

/** SCREENSHOTS=1 npm run test:ui refreshes the screenshots of docs/ and the README. */
async function screenshot(page: Page, name: string) {
  if (process.env.SCREENSHOTS === "1") await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: false });
}

async function navigateTo(page: Page, link: string, heading: string) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link }).click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** No sideways scrolling, and no header cell broken inside a word (each header's text sits on one line). */
async function expectFitsPhone(page: Page, screen: string) {
  await page.waitForLoadState("networkidle");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${screen} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
  const broken = await page.evaluate(() =>
    [...document.querySelectorAll("th")].flatMap((th) => {
      const range = document.createRange();
      range.selectNodeContents(th);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 1).map((r) => Math.round(r.top)));
      return lines.size > 1 ? [th.textContent] : [];
    }),
  );
  expect(broken, `${screen}: headers on more than one line`).toEqual([]);
  await expectAccessible(page, `${screen} (phone)`);
}

test.describe("joining from an invite link", () => {
  test("the link is shown once; a second browser signs up from it, sees the store and permissions, accepts, and is in", async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    await signedInAdmin(page, request, "Joinable shop");
    await navigateTo(page, "Team", "Team");
    await page.getByRole("button", { name: "Invite teammate" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite teammate" });
    const teammate = `joiner-${unique()}@example.test`;
    await dialog.getByRole("textbox", { name: "Email" }).fill(teammate);
    await dialog.getByRole("checkbox", { name: "orders.read" }).check();
    await dialog.getByRole("button", { name: "Create invite" }).click();
    const linkBox = dialog.getByRole("textbox", { name: "Invite link" });
    await expect(linkBox).toHaveAttribute("readonly", "");
    await expect(dialog.getByRole("button", { name: "Copy" })).toBeVisible();
    const link = await linkBox.inputValue();
    expect(link).toMatch(new RegExp(`^${baseURL}/admin/join\\?invite=inv_`));
    await dialog.getByRole("button", { name: "Done" }).click();

    const other = await browser.newContext();
    const joiner = await other.newPage();
    try {
      await joiner.goto(link);
      await expect(joiner.getByRole("heading", { level: 1, name: "Join a store" })).toBeVisible();
      await expect(joiner.getByRole("link", { name: "Sign in" })).toBeVisible();
      await expectAccessible(joiner, "join (signed out)");
      await joiner.getByRole("link", { name: "Create account" }).click();
      await joiner.getByRole("textbox", { name: "Name" }).fill("Jo Iner");
      await joiner.getByRole("textbox", { name: "Email" }).fill(teammate);
      await joiner.getByRole("textbox", { name: "Password" }).fill("a-long-password-7");
      await joiner.getByRole("button", { name: "Create account" }).click();
      // Back on the invite, signed in: the store and the permissions, and "Accept invite".
      await expect(joiner.getByText("Joinable shop")).toBeVisible();
      const permissions = joiner.getByRole("list", { name: "Permissions" });
      await expect(permissions.getByRole("listitem")).toHaveText(["products.read", "orders.read"]);
      await expectAccessible(joiner, "join (signed in)");
      await joiner.getByRole("button", { name: "Accept invite" }).click();
      await expect(joiner.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
      const store = joiner.getByRole("combobox", { name: "Store" });
      await expect(store.locator("option:checked")).toHaveText("Joinable shop");

      // The same link again: used. A made-up one: not valid. Both in words.
      await joiner.goto(link);
      await expect(joiner.getByRole("alert")).toContainText("already been used");
      await joiner.goto("/admin/join?invite=inv_not-a-real-invite");
      await expect(joiner.getByRole("alert")).toContainText("not valid");
    } finally {
      await other.close();
    }
    // The owner's team now lists the new member.
    await page.reload();
    await expect(page.getByRole("row", { name: new RegExp(teammate) })).toContainText("member");
  });

  test("a revoked invite says so in words", async ({ page, browser, request }) => {
    const { storeId, auth } = await signedInAdmin(page, request, "Revoking shop");
    const email = `revoked-${unique()}@example.test`;
    const invite = await (await request.post(`/stores/${storeId}/invites`, { headers: auth, data: { email, permissions: ["products.read"] } })).json();
    await request.delete(`/stores/${storeId}/invites/${invite.id}`, { headers: auth });
    expect((await request.post("/users", { data: { email, password: "a-long-password-8", name: "Rev" } })).status()).toBe(201);
    const other = await browser.newContext();
    const invitee = await other.newPage();
    try {
      await invitee.goto(`/admin/join?invite=${invite.token}`);
      await invitee.getByRole("link", { name: "Sign in" }).click();
      await invitee.getByRole("textbox", { name: "Email" }).fill(email);
      await invitee.getByRole("textbox", { name: "Password" }).fill("a-long-password-8");
      await invitee.getByRole("button", { name: "Sign in" }).click();
      await expect(invitee.getByRole("alert")).toContainText("withdrawn");
      await expect(invitee.getByRole("button", { name: "Accept invite" })).toHaveCount(0);
    } finally {
      await other.close();
    }
  });
});

test.describe("one session across the tabs of a browser", () => {
  test("a second tab is signed in; signing out in one signs out the other within 2 s; never in localStorage", async ({ page, request }) => {
    await signedInAdmin(page, request, "Two tabs shop");
    const second = await page.context().newPage();
    await second.goto("/admin/orders");
    await expect(second.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(await second.evaluate(() => localStorage.length)).toBe(0);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect(second.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible({ timeout: 2_000 });
    // And a tab opened now finds no session to share.
    const third = await page.context().newPage();
    await third.goto("/admin/products");
    await expect(third.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  });
});

test.describe("not losing work", () => {
  test("unsaved edits are guarded; saves say so; removals are confirmed; the list keeps its place", async ({ page, request }) => {
    test.setTimeout(240_000);
    const { storeId, auth } = await signedInAdmin(page, request, "Careful shop");
    for (const title of ["Gadget one", "Gadget two", "Widget"]) {
      await request.post(`/stores/${storeId}/products`, { headers: auth, data: { title, product_type: "single", default_price_cents: 1250 } });
    }
    const product = await (
      await request.post(`/stores/${storeId}/products`, { headers: auth, data: { title: "Gadget variable", product_type: "variable" } })
    ).json();
    await request.post(`/stores/${storeId}/products/${product.id}/variants`, {
      headers: auth,
      data: { price_cents: 900, stock: 3, sku: "GV-RED", option_values: [{ name: "Colour", value: "Red" }] },
    });
    const upload = await request.post(`/stores/${storeId}/products/${product.id}/images`, {
      headers: auth,
      multipart: { file: { name: "a.png", mimeType: "image/png", buffer: png(32, [200, 40, 40]) }, alt: "Red gadget" },
    });
    expect(upload.status()).toBe(201);

    await test.step("the list's search lives in the URL: Back and reload give the same list", async () => {
      await page.reload();
      await page.getByRole("searchbox", { name: "Search products" }).fill("Gadget");
      await expect(page.getByRole("row", { name: /Widget/ })).toHaveCount(0);
      await expect(page).toHaveURL(/search=Gadget/);
      await page.getByRole("link", { name: "Gadget variable" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Gadget variable" })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveValue("Gadget");
      await expect(page.getByRole("row", { name: /Gadget one/ })).toBeVisible();
      await expect(page.getByRole("row", { name: /Widget/ })).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveValue("Gadget");
      await expect(page.getByRole("row", { name: /Widget/ })).toHaveCount(0);
      await page.getByRole("link", { name: "Gadget variable" }).click();
    });

    await test.step("leaving with unsaved edits asks: Keep editing stays, Discard changes goes", async () => {
      await expect(page.getByRole("heading", { level: 1, name: "Gadget variable" })).toBeVisible();
      await page.getByRole("textbox", { name: "Brand" }).fill("Acme");
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Orders" }).click();
      const ask = page.getByRole("dialog", { name: "Discard unsaved changes?" });
      await expect(ask).toBeVisible();
      await expectAccessible(page, "unsaved changes dialog");
      await ask.getByRole("button", { name: "Keep editing" }).click();
      await expect(page.getByRole("textbox", { name: "Brand" })).toHaveValue("Acme");
      await page.goBack();
      await expect(ask).toBeVisible();
      await ask.getByRole("button", { name: "Keep editing" }).click();
      await expect(page.getByRole("textbox", { name: "Brand" })).toHaveValue("Acme");
      // Closing the tab asks through the browser's own prompt.
      const prompt = page.waitForEvent("dialog");
      void page.close({ runBeforeUnload: true });
      const shown = await prompt;
      expect(shown.type()).toBe("beforeunload");
      await shown.dismiss();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Orders" }).click();
      await page.getByRole("dialog", { name: "Discard unsaved changes?" }).getByRole("button", { name: "Discard changes" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole("textbox", { name: "Brand" })).toHaveValue("");
    });

    await test.step("every save says so, next to what was saved", async () => {
      const general = page.getByRole("region", { name: "General" });
      await general.getByRole("textbox", { name: "Brand" }).fill("Acme");
      await general.getByRole("button", { name: "Save" }).click();
      await expect(general.getByRole("status")).toHaveText("Saved");
      const item = page.getByRole("listitem").filter({ has: page.getByRole("img", { name: "Red gadget" }) });
      await item.getByRole("textbox", { name: "Alt text" }).fill("A red gadget");
      await item.getByRole("textbox", { name: "Alt text" }).press("Enter");
      await expect(item.getByRole("status")).toHaveText("Saved");
      const specs = page.getByRole("region", { name: "Specs" });
      await specs.getByRole("button", { name: "Add spec" }).click();
      await specs.getByRole("textbox", { name: "Spec 1 name" }).fill("Weight");
      await specs.getByRole("textbox", { name: "Spec 1 value" }).fill("200 g");
      await specs.getByRole("button", { name: "Save specs" }).click();
      await expect(specs.getByRole("status")).toHaveText("Saved");
      // Nothing unsaved now: leaving asks nothing.
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Orders" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
      await page.goBack();
    });

    await test.step("Remove on a gallery item and Delete variant are confirmed in a dialog", async () => {
      const item = page.getByRole("listitem").filter({ has: page.getByRole("img", { name: "A red gadget" }) });
      await item.getByRole("button", { name: "Remove" }).click();
      const confirm = page.getByRole("dialog", { name: /Remove A red gadget/ });
      await expect(confirm).toBeVisible();
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(item).toBeVisible();
      await item.getByRole("button", { name: "Remove" }).click();
      await confirm.getByRole("button", { name: "Remove" }).click();
      await expect(page.getByRole("img", { name: "A red gadget" })).toHaveCount(0);
      await page.getByRole("button", { name: "Edit variant Red" }).click();
      const edit = page.getByRole("dialog", { name: "Edit variant Red" });
      await edit.getByRole("spinbutton", { name: "Stock" }).fill("5");
      await edit.getByRole("button", { name: "Save variant" }).click();
      await expect(page.getByRole("region", { name: "Variants" }).getByRole("status")).toHaveText("Saved variant Red");
      await page.getByRole("button", { name: "Delete variant Red" }).click();
      const variantConfirm = page.getByRole("dialog", { name: /Delete the variant/ });
      await expect(variantConfirm).toBeVisible();
      await expectAccessible(page, "delete variant confirmation");
      await variantConfirm.getByRole("button", { name: "Delete variant" }).click();
      await expect(page.getByRole("row", { name: /GV-RED/ })).toHaveCount(0);
    });

    await test.step("switching store with unsaved edits asks first: Keep editing stays in this store, Discard changes switches", async () => {
      const second = await (await request.post("/stores", { headers: auth, data: { name: "Second careful shop" } })).json();
      await page.reload();
      const storeSwitch = page.getByRole("combobox", { name: "Store" });
      await expect(storeSwitch.getByRole("option", { name: "Second careful shop" })).toHaveCount(1);
      await page.getByRole("region", { name: "General" }).getByRole("textbox", { name: "Brand" }).fill("Zeta");
      await storeSwitch.selectOption({ label: "Second careful shop" });
      const ask = page.getByRole("dialog", { name: "Discard unsaved changes?" });
      await expect(ask).toBeVisible();
      await ask.getByRole("button", { name: "Keep editing" }).click();
      await expect(ask).toBeHidden();
      await expect(storeSwitch).toHaveValue(storeId);
      await expect(page.getByRole("heading", { level: 1, name: "Gadget variable" })).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Brand" })).toHaveValue("Zeta");
      await storeSwitch.selectOption({ label: "Second careful shop" });
      await ask.getByRole("button", { name: "Discard changes" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
      await expect(storeSwitch).toHaveValue(second.id);
      await expect(page.getByText("Gadget one")).toHaveCount(0);
    });
  });

  // A stale "close" event of the native <dialog> (queued by closing it after Keep editing) used to land after Back had
  // opened the question again and close it unanswered: the page stayed, nothing was asked (CI, stop 30). Under load
  // about one Back in three lost its question; a quiet machine rarely shows it, so this repeats the sequence.
  test("Back right after Keep editing asks again, every time", async ({ page, request }) => {
    const { storeId, auth } = await signedInAdmin(page, request, "Asking shop");
    await request.post(`/stores/${storeId}/products`, { headers: auth, data: { title: "Thing", product_type: "single", default_price_cents: 100 } });
    await page.reload();
    await page.getByRole("link", { name: "Thing" }).click();
    await page.getByRole("textbox", { name: "Brand" }).fill("Acme");
    const ask = page.getByRole("dialog", { name: "Discard unsaved changes?" });
    for (let round = 0; round < 15; round++) {
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Orders" }).click();
      await expect(ask).toBeVisible();
      await ask.getByRole("button", { name: "Keep editing" }).click();
      await page.goBack();
      await expect(ask).toBeVisible();
      await page.waitForTimeout(200);
      await expect(ask, `round ${round}: the question stays until it is answered`).toBeVisible({ timeout: 100 });
      await ask.getByRole("button", { name: "Keep editing" }).click();
      await expect(ask).toBeHidden();
      await expect(page.getByRole("heading", { level: 1, name: "Thing" })).toBeVisible();
    }
    await expect(page.getByRole("textbox", { name: "Brand" })).toHaveValue("Acme");
    // Escape is the user closing the question: it stays, like Keep editing, and the next Back asks again.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Orders" }).click();
    await expect(ask).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(ask).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Thing" })).toBeVisible();
    await page.goBack();
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Discard changes" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  });
});

test.describe("settings, prices, times, customers and the audit log", () => {
  test("the store's currency and zone show everywhere; the audit log names people and filters; customers by part of a name", async ({ page, request }) => {
    test.setTimeout(240_000);
    const { storeId, auth, email } = await signedInAdmin(page, request, "Euro shop");
    const product = await (
      await request.post(`/stores/${storeId}/products`, { headers: auth, data: { title: "Espresso cup", product_type: "single", default_price_cents: 1250 } })
    ).json();
    await request.patch(`/stores/${storeId}/products/${product.id}`, { headers: auth, data: { status: "live" } });
    await request.post(`/stores/${storeId}/customers`, { headers: auth, data: { email: "ada@example.test", name: "Ada Lovelace", phone: "+44 20 7946 0018" } });
    await request.post(`/stores/${storeId}/customers`, { headers: auth, data: { email: "grace@example.test", name: "Grace Hopper" } });

    await test.step("Settings: name, currency and time zone, saved", async () => {
      await navigateTo(page, "Settings", "Settings");
      await expectAccessible(page, "settings");
      await page.getByRole("textbox", { name: "Store name" }).fill("Café Euro");
      await page.getByRole("combobox", { name: "Currency" }).selectOption("EUR");
      await page.getByRole("combobox", { name: "Time zone" }).selectOption("Asia/Tokyo");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("status")).toHaveText("Saved");
      await expect(page.getByRole("combobox", { name: "Store" }).locator("option:checked")).toHaveText("Café Euro");
    });

    await test.step("prices in euros, times in Tokyo time", async () => {
      await navigateTo(page, "Products", "Products");
      await page.reload(); // the list was read before the API made the product
      await expect(page.getByRole("row", { name: /Espresso cup/ })).toContainText("€12.50");
      await expect(page.getByRole("row", { name: /Espresso cup/ })).toContainText("GMT+9");
    });

    await test.step("customers: part of a name, an email or a phone", async () => {
      await navigateTo(page, "Customers", "Customers");
      const search = page.getByRole("searchbox", { name: "Search customers" });
      await search.fill("lovel");
      await expect(page.getByRole("row", { name: /ada@example\.test/ })).toBeVisible();
      await expect(page.getByRole("row", { name: /grace@/ })).toHaveCount(0);
      await search.fill("7946");
      await expect(page.getByRole("row", { name: /ada@example\.test/ })).toBeVisible();
      await search.fill("HOPP");
      await expect(page.getByRole("row", { name: /grace@example\.test/ })).toBeVisible();
      await expect(page.getByRole("row", { name: /ada@/ })).toHaveCount(0);
      await expectAccessible(page, "customers search");
    });

    await test.step("the audit log: people, actions in words, links, filters, seconds in the store's zone", async () => {
      await navigateTo(page, "Audit log", "Audit log");
      const published = page.getByRole("row", { name: /published a product/ });
      await expect(published).toContainText("Dee Admin");
      await expect(published).toContainText(email);
      await expect(published).toContainText(/\d{2}:\d{2}:\d{2}/);
      await expect(published).toContainText("GMT+9");
      await expect(page.getByRole("row", { name: /changed the store's settings/ })).toBeVisible();
      await page.getByRole("combobox", { name: "Action" }).selectOption({ label: "Created a customer" });
      await expect(page.getByRole("row", { name: /created a customer/ })).toHaveCount(2);
      await expect(page.getByRole("row", { name: /published a product/ })).toHaveCount(0);
      await expect(page).toHaveURL(/action=customer\.create/);
      await page.getByRole("combobox", { name: "Action" }).selectOption({ label: "All actions" });
      await expect(page.getByRole("combobox", { name: "Actor" })).toContainText("Dee Admin");
      await page.getByRole("textbox", { name: "From", exact: true }).fill("2000-01-01");
      await page.getByRole("textbox", { name: "To", exact: true }).fill("2000-01-02");
      await expect(page.getByText("Nothing matches these filters.")).toBeVisible();
      await page.getByRole("textbox", { name: "To", exact: true }).fill("");
      await expect(published).toBeVisible();
      await expectAccessible(page, "audit log");
      await published.getByRole("link", { name: /product/ }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Espresso cup" })).toBeVisible();
    });
  });
});

test.describe("phones: no sideways scrolling with real content, no words broken in headers", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("the product page with variants, the audit log with long emails, the join page", async ({ page, browser, request }) => {
    test.setTimeout(240_000);
    const { storeId, auth } = await signedInAdmin(page, request, "Phone shop");
    const product = await (
      await request.post(`/stores/${storeId}/products`, { headers: auth, data: { title: "Merino scarf", product_type: "variable" } })
    ).json();
    for (const [sku, colour] of [
      ["MERINO-SCARF-EXTRA-LONG-MIDNIGHT-BLUE-0001", "Midnight blue"],
      ["MERINO-SCARF-EXTRA-LONG-FOREST-GREEN-0002", "Forest green"],
    ]) {
      await request.post(`/stores/${storeId}/products/${product.id}/variants`, {
        headers: auth,
        data: { price_cents: 4900, stock: 2, sku, option_values: [{ name: "Colour", value: colour }] },
      });
    }
    await request.post(`/stores/${storeId}/products/${product.id}/images`, {
      headers: auth,
      multipart: { file: { name: "s.png", mimeType: "image/png", buffer: png(48, [20, 30, 90]) }, alt: "Blue scarf" },
    });
    await request.post(`/stores/${storeId}/customers`, {
      headers: auth,
      data: { email: "a.customer.with.an.exceptionally.long.address@subdomain.example.test" },
    });
    const invite = await (
      await request.post(`/stores/${storeId}/invites`, { headers: auth, data: { email: "x@example.test", permissions: ["products.read"] } })
    ).json();

    await page.goto(`/admin/products/${product.id}`);
    await expect(page.getByRole("row", { name: /Midnight blue/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
    await expectFitsPhone(page, "product page with variants");
    await page.getByRole("heading", { name: "Variants" }).scrollIntoViewIfNeeded();
    await screenshot(page, "phone-product-variants");

    await page.goto("/admin/audit-log");
    await expect(page.getByRole("row", { name: /created a customer/ })).toBeVisible();
    await expectFitsPhone(page, "audit log");
    await screenshot(page, "phone-audit-log");

    await page.goto("/admin/customers");
    await expect(page.getByRole("link", { name: /exceptionally\.long/ })).toBeVisible();
    await expectFitsPhone(page, "customers with a long email");

    const other = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const joiner = await other.newPage();
    try {
      await joiner.goto(`/admin/join?invite=${invite.token}`);
      await expect(joiner.getByRole("heading", { level: 1, name: "Join a store" })).toBeVisible();
      await expectFitsPhone(joiner, "join page");
      await screenshot(joiner, "phone-join");
    } finally {
      await other.close();
    }
  });
});
