// docs/admin.md "Week two", "Every list and form, one way": every create and edit form, in a page or a dialog, is guarded
// against losing unsaved edits in the same way. Driven by role and name: a page form (store Settings, New product),
// dialog forms ("New token", "Add endpoint") and the endpoint's Settings tab. Typed into, Back or a link asks
// "Discard unsaved changes?"; "Keep editing" keeps the form and its values; "Discard changes" goes. Escape or
// "Cancel" on a dirty dialog form asks the same before dropping what was typed. A clean form asks nothing, and
// neither does one just saved.
import { expect, test, type Page } from "@playwright/test";
import { signedInAdmin } from "./support";

const question = (page: Page) => page.getByRole("dialog", { name: "Discard unsaved changes?" });

async function navigateTo(page: Page, link: string, heading: string) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link }).click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** Back, arriving at `heading` without being asked anything. */
async function backWithoutQuestion(page: Page, heading: string) {
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect(question(page)).toHaveCount(0);
}

test.describe("a page form", () => {
  test("store Settings: clean leaves at once; dirty asks on Back and on a link; Keep editing keeps; Discard leaves; saved asks nothing", async ({
    page,
    request,
  }) => {
    await signedInAdmin(page, request, "Guarded settings shop");
    const name = page.getByRole("textbox", { name: "Store name" });

    await test.step("clean: Back and a link ask nothing", async () => {
      await navigateTo(page, "Settings", "Settings");
      await expect(name).toHaveValue("Guarded settings shop");
      await backWithoutQuestion(page, "Products");
      await navigateTo(page, "Settings", "Settings");
      await expect(name).toHaveValue("Guarded settings shop");
      await navigateTo(page, "Orders", "Orders");
      await expect(question(page)).toHaveCount(0);
      await backWithoutQuestion(page, "Settings");
    });

    await test.step("dirty: Back asks, Keep editing keeps the value; a link asks; Discard changes leaves", async () => {
      await name.fill("Renamed but not saved");
      await page.goBack();
      await expect(question(page)).toBeVisible();
      await question(page).getByRole("button", { name: "Keep editing" }).click();
      await expect(question(page)).toBeHidden();
      await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
      await expect(name).toHaveValue("Renamed but not saved");
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Customers" }).click();
      await expect(question(page)).toBeVisible();
      await question(page).getByRole("button", { name: "Keep editing" }).click();
      await expect(name).toHaveValue("Renamed but not saved");
      await page.goBack();
      await question(page).getByRole("button", { name: "Discard changes" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
      await expect(question(page)).toHaveCount(0);
    });

    await test.step("the discarded edit is gone; after Save nothing asks", async () => {
      await navigateTo(page, "Settings", "Settings");
      await expect(name).toHaveValue("Guarded settings shop");
      await name.fill("Saved shop");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("status")).toHaveText("Saved");
      await backWithoutQuestion(page, "Products");
      await navigateTo(page, "Settings", "Settings");
      await expect(name).toHaveValue("Saved shop");
    });
  });

  test("New product: typed into, Back asks; Create product opens the product without asking", async ({ page, request }) => {
    await signedInAdmin(page, request, "Guarded create shop");
    await page.getByRole("link", { name: "New product" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();
    await backWithoutQuestion(page, "Products");
    await page.getByRole("link", { name: "New product" }).click();
    const title = page.getByRole("textbox", { name: "Title" });
    await title.fill("Half-typed lamp");
    await page.goBack();
    await expect(question(page)).toBeVisible();
    await question(page).getByRole("button", { name: "Keep editing" }).click();
    await expect(title).toHaveValue("Half-typed lamp");
    await page.getByRole("textbox", { name: "Price" }).fill("12.50");
    await page.getByRole("button", { name: "Create product" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Half-typed lamp" })).toBeVisible();
    await expect(question(page)).toHaveCount(0);
    await navigateTo(page, "Orders", "Orders");
    await expect(question(page)).toHaveCount(0);
  });
});

test.describe("a dialog form", () => {
  test("New token: Escape and Cancel close a clean form at once, ask for a dirty one; Keep editing keeps the dialog and its values", async ({
    page,
    request,
  }) => {
    await signedInAdmin(page, request, "Guarded token shop");
    await navigateTo(page, "Access tokens", "Access tokens");
    const dialog = page.getByRole("dialog", { name: "New token" });
    const tokenName = dialog.getByRole("textbox", { name: "Token name" });

    await test.step("clean: Escape and Cancel close at once", async () => {
      await page.getByRole("button", { name: "New token" }).click();
      await expect(tokenName).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(question(page)).toHaveCount(0);
      await page.getByRole("button", { name: "New token" }).click();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await expect(question(page)).toHaveCount(0);
    });

    await test.step("dirty: Escape asks; Keep editing (or Escape on the question) keeps the dialog as it was", async () => {
      await page.getByRole("button", { name: "New token" }).click();
      await tokenName.fill("nightly export");
      await dialog.getByRole("checkbox", { name: "products.read" }).check();
      for (let round = 0; round < 5; round++) {
        await tokenName.press("Escape");
        await expect(question(page)).toBeVisible();
        if (round % 2 === 0) await question(page).getByRole("button", { name: "Keep editing" }).click();
        else await page.keyboard.press("Escape");
        await expect(question(page)).toBeHidden();
        await expect(dialog, `round ${round}: the form stays open`).toBeVisible();
        await expect(tokenName).toHaveValue("nightly export");
        await expect(dialog.getByRole("checkbox", { name: "products.read" })).toBeChecked();
      }
    });

    await test.step("dirty: Cancel asks; Discard changes closes, and the next New token starts clean", async () => {
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(question(page)).toBeVisible();
      await question(page).getByRole("button", { name: "Discard changes" }).click();
      await expect(question(page)).toBeHidden();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("button", { name: "New token" })).toBeFocused();
      await page.getByRole("button", { name: "New token" }).click();
      await expect(tokenName).toHaveValue("");
      await expect(dialog.getByRole("checkbox", { name: "products.read" })).not.toBeChecked();
    });

    await test.step("dirty: Back asks over the dialog; Keep editing keeps it; Discard changes leaves the page", async () => {
      await tokenName.fill("left behind");
      await page.goBack();
      await expect(question(page)).toBeVisible();
      await question(page).getByRole("button", { name: "Keep editing" }).click();
      await expect(question(page)).toBeHidden();
      await expect(dialog).toBeVisible();
      await expect(tokenName).toHaveValue("left behind");
      await page.goBack();
      await question(page).getByRole("button", { name: "Discard changes" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
      await expect(dialog).toHaveCount(0);
    });

    await test.step("after Create token nothing asks: neither closing the dialog nor leaving", async () => {
      await navigateTo(page, "Access tokens", "Access tokens");
      await page.getByRole("button", { name: "New token" }).click();
      await tokenName.fill("kept token");
      await dialog.getByRole("checkbox", { name: "products.read" }).check();
      await dialog.getByRole("button", { name: "Create token" }).click();
      await expect(dialog.getByRole("textbox", { name: "New token value" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(question(page)).toHaveCount(0);
      await expect(page.getByRole("row", { name: /kept token/ })).toBeVisible();
      await backWithoutQuestion(page, "Products");
    });
  });

  test("Add endpoint: a generated secret is an edit too; Escape asks; a clean dialog leaves with the page; saved asks nothing", async ({ page, request }) => {
    await signedInAdmin(page, request, "Guarded endpoint shop");
    await navigateTo(page, "Webhooks", "Webhooks");
    const dialog = page.getByRole("dialog", { name: "Add endpoint" });

    // A clean dialog asks nothing when Back leaves its page.
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(dialog.getByRole("textbox", { name: "Endpoint URL" })).toBeVisible();
    await backWithoutQuestion(page, "Products");
    await navigateTo(page, "Webhooks", "Webhooks");

    await page.getByRole("button", { name: "Add endpoint" }).click();
    await dialog.getByRole("button", { name: "Generate" }).click();
    const secret = await dialog.getByRole("textbox", { name: "Signing secret" }).inputValue();
    expect(secret.length).toBeGreaterThanOrEqual(16);
    await page.keyboard.press("Escape");
    await expect(question(page)).toBeVisible();
    await question(page).getByRole("button", { name: "Keep editing" }).click();
    await expect(dialog.getByRole("textbox", { name: "Signing secret" })).toHaveValue(secret);

    await dialog.getByRole("textbox", { name: "Endpoint URL" }).fill("http://127.0.0.1:9/guarded");
    await dialog.getByRole("checkbox", { name: "products.updated" }).check();
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("link", { name: "http://127.0.0.1:9/guarded" })).toBeVisible();
    await expect(question(page)).toHaveCount(0);
    await backWithoutQuestion(page, "Products");
  });
});

test.describe("the endpoint's Settings tab", () => {
  test("dirty asks on Back and on switching tab; Keep editing keeps; Discard leaves; Save clears the question", async ({ page, request }) => {
    const { storeId, auth } = await signedInAdmin(page, request, "Guarded tab shop");
    const created = await request.post(`/stores/${storeId}/webhooks`, {
      headers: auth,
      data: { url: "http://127.0.0.1:9/first", events: ["orders.created"], secret: "a-signing-secret-0123" },
    });
    expect(created.status()).toBe(201);
    const hook = (await created.json()).data[0];
    await navigateTo(page, "Webhooks", "Webhooks");
    const openEndpoint = async () => {
      await page.getByRole("link", { name: "http://127.0.0.1:9/first" }).click();
      await expect(page.getByRole("tab", { name: "Settings", selected: true })).toBeVisible();
    };
    const url = page.getByRole("tabpanel").getByRole("textbox", { name: "Endpoint URL" });

    await test.step("clean: Back and the Deliveries tab ask nothing", async () => {
      await openEndpoint();
      await expect(url).toHaveValue("http://127.0.0.1:9/first");
      await page.getByRole("tab", { name: "Deliveries" }).click();
      await expect(page.getByRole("tab", { name: "Deliveries", selected: true })).toBeVisible();
      await expect(question(page)).toHaveCount(0);
      await page.getByRole("tab", { name: "Settings" }).click();
      await expect(url).toHaveValue("http://127.0.0.1:9/first");
      await backWithoutQuestion(page, "Webhooks");
    });

    await test.step("dirty: Back asks, Keep editing keeps; the Deliveries tab asks; Discard changes leaves", async () => {
      await openEndpoint();
      await url.fill("http://127.0.0.1:9/second");
      await page.goBack();
      await expect(question(page)).toBeVisible();
      await question(page).getByRole("button", { name: "Keep editing" }).click();
      await expect(question(page)).toBeHidden();
      await expect(url).toHaveValue("http://127.0.0.1:9/second");
      await page.getByRole("tab", { name: "Deliveries" }).click();
      await expect(question(page)).toBeVisible();
      await question(page).getByRole("button", { name: "Keep editing" }).click();
      await expect(page.getByRole("tab", { name: "Settings", selected: true })).toBeVisible();
      await expect(url).toHaveValue("http://127.0.0.1:9/second");
      await page.goBack();
      await question(page).getByRole("button", { name: "Discard changes" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
      await expect(question(page)).toHaveCount(0);
    });

    await test.step("Save: the change is stored, and then nothing asks", async () => {
      await openEndpoint();
      await expect(url).toHaveValue("http://127.0.0.1:9/first");
      await url.fill("http://127.0.0.1:9/saved");
      await page.getByRole("tabpanel").getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByRole("tabpanel").getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
      await page.getByRole("tab", { name: "Deliveries" }).click();
      await expect(page.getByRole("tab", { name: "Deliveries", selected: true })).toBeVisible();
      await expect(question(page)).toHaveCount(0);
      await backWithoutQuestion(page, "Webhooks");
      const stored = await (await request.get(`/stores/${storeId}/webhooks/${hook.id}`, { headers: auth })).json();
      expect(stored.url).toBe("http://127.0.0.1:9/saved");
    });
  });
});
