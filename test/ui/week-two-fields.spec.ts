// docs/admin.md "Week two" → "Fields of your own" (docs/api/21-custom-fields.md), in Chromium by role and accessible name, through the
// real API: Settings → Custom fields (tabs per owner, "Add field" with validations for the type and "Filterable", a
// taken key refused in words, "Edit" with key and type read-only, "Delete" confirmed saying the values go), a
// product's fields of many types filled on its page (a wrong value said beside its field, in the API's words; the
// stored JSON checked: money in minor units, the date and time in UTC), a variant's field in its dialog, a
// customer's fields (a choice and a reference picked by search) on its page and in "New customer", an order's field
// at "New order", and the products list narrowed by "More filters" (equality, a range, a variant field), kept in the
// URL over a reload. On a phone: the screens fit 390 px and pass axe.
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { expectAccessible, recordForeignRequests, signedInAdmin } from "./support";

const PHONE = { width: 390, height: 844 };
type Auth = Record<string, string>;

async function define(request: APIRequestContext, storeId: string, auth: Auth, data: Record<string, unknown>) {
  const made = await request.post(`/stores/${storeId}/field-definitions`, { headers: auth, data });
  expect(made.status(), JSON.stringify(await made.json())).toBe(201);
  return (await made.json()) as { id: string; key: string };
}

/** A live single product with 10 in stock (an order can take it) and the custom field values given. */
async function product(request: APIRequestContext, storeId: string, auth: Auth, title: string, fields: Record<string, unknown> = {}) {
  const made = await request.post(`/stores/${storeId}/products`, {
    headers: auth,
    data: { title, product_type: "single", default_price_cents: 2500, status: "live", fields },
  });
  expect(made.status(), JSON.stringify(await made.json())).toBe(201);
  const created = (await made.json()) as { id: string; variants: Array<{ id: string }> };
  const stocked = await request.patch(`/stores/${storeId}/products/${created.id}/variants/${created.variants[0].id}`, { headers: auth, data: { stock: 10 } });
  expect(stocked.status()).toBe(200);
  return created;
}

async function customer(request: APIRequestContext, storeId: string, auth: Auth, email: string, name: string) {
  const made = await request.post(`/stores/${storeId}/customers`, { headers: auth, data: { email, name } });
  expect(made.status()).toBe(201);
  return (await made.json()) as { id: string };
}

const fieldRow = (page: Page, table: string, key: string) =>
  page
    .getByRole("table", { name: table, exact: true })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: key, exact: true }) });

/** Fills the "Add field" dialog's name, type and whatever else `then` sets, and adds it. */
async function addField(page: Page, name: string, type: string, then?: (dialog: Locator) => Promise<void>) {
  await page.getByRole("button", { name: "Add field" }).click();
  const dialog = page.getByRole("dialog", { name: "Add field" });
  await dialog.getByRole("textbox", { name: "Field name" }).fill(name);
  await dialog.getByRole("combobox", { name: "Type" }).selectOption({ label: type });
  await then?.(dialog);
  await dialog.getByRole("button", { name: "Add field" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: `Added field ${name}` })).toBeVisible();
}

test("fields of your own: define them, fill them on a product, a variant, a customer and an order, filter products by them", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const foreign = await recordForeignRequests(page, new URL(baseURL!).origin);
  const { storeId, auth } = await signedInAdmin(page, request, "Fields shop");

  await test.step("Settings → Custom fields: add product fields of several types through the dialog", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Custom fields" })).toBeVisible();
    const tabs = page.getByRole("tablist", { name: "Custom fields of" }).getByRole("tab");
    await expect(tabs).toHaveText(["Products", "Variants", "Collections", "Customers", "Orders"]);
    await expect(page.getByRole("tab", { name: "Products" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("No product fields yet.")).toBeVisible();

    // Text with choices, filterable; the key follows the name.
    await page.getByRole("button", { name: "Add field" }).click();
    const dialog = page.getByRole("dialog", { name: "Add field" });
    await dialog.getByRole("textbox", { name: "Field name" }).fill("Material");
    await expect(dialog.getByRole("textbox", { name: "Key" })).toHaveValue("material");
    // Single line text offers a length, a pattern and choices; an integer offers a minimum and a maximum only.
    await expect(dialog.getByRole("textbox", { name: "Pattern" })).toBeVisible();
    await dialog.getByRole("combobox", { name: "Type" }).selectOption({ label: "Integer" });
    await expect(dialog.getByRole("spinbutton", { name: "Minimum" })).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: "Pattern" })).toHaveCount(0);
    await dialog.getByRole("combobox", { name: "Type" }).selectOption({ label: "List of colors" });
    await expect(dialog.getByRole("checkbox", { name: "Filterable" })).toBeDisabled();
    await dialog.getByRole("combobox", { name: "Type" }).selectOption({ label: "Single line text" });
    await dialog.getByRole("textbox", { name: "Choices" }).fill("Linen\nWool\nOak");
    await dialog.getByRole("checkbox", { name: "Filterable" }).check();
    await expectAccessible(page, "add field dialog");
    await dialog.getByRole("button", { name: "Add field" }).click();
    await expect(dialog).toBeHidden();
    await expect(fieldRow(page, "Product fields", "material")).toContainText("Single line text");
    await expect(fieldRow(page, "Product fields", "material")).toContainText("one of Linen, Wool, Oak");

    await addField(page, "Weight (g)", "Integer", async (d) => {
      await d.getByRole("textbox", { name: "Key" }).fill("weight_g");
      await d.getByRole("spinbutton", { name: "Minimum" }).fill("1");
      await d.getByRole("spinbutton", { name: "Maximum" }).fill("1000");
      await d.getByRole("checkbox", { name: "Filterable" }).check();
    });
    await expect(fieldRow(page, "Product fields", "weight_g")).toContainText("1–1000");
    await addField(page, "Launch date", "Date", (d) => d.getByRole("checkbox", { name: "Filterable" }).check());
    await addField(page, "Colours", "List of colors");
    await addField(page, "Price floor", "Money", async (d) => {
      await d.getByRole("textbox", { name: "Minimum" }).fill("1.00");
      await d.getByRole("checkbox", { name: "Filterable" }).check();
    });
    await expect(fieldRow(page, "Product fields", "price_floor")).toContainText("at least $1.00");

    // A key already used: the API's words, nothing added; Cancel over typed fields asks.
    await page.getByRole("button", { name: "Add field" }).click();
    await dialog.getByRole("textbox", { name: "Field name" }).fill("Material again");
    await dialog.getByRole("textbox", { name: "Key" }).fill("material");
    await dialog.getByRole("button", { name: "Add field" }).click();
    await expect(dialog.getByRole("alert")).toContainText('The key "material" is already used');
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog", { name: "Discard unsaved changes?" }).getByRole("button", { name: "Discard changes" }).click();
    await expect(dialog).toBeHidden();
    await expectAccessible(page, "settings with custom fields");
  });

  // The rest of the types through the API; the forms show them all.
  await define(request, storeId, auth, { owner: "product", key: "care", name: "Care", type: "multiline_text", description: "Washing and drying" });
  await define(request, storeId, auth, { owner: "product", key: "gift_wrap", name: "Gift wrap", type: "boolean" });
  await define(request, storeId, auth, { owner: "product", key: "related", name: "Related product", type: "product_reference" });
  await define(request, storeId, auth, { owner: "product", key: "release", name: "Release", type: "date_time" });
  await define(request, storeId, auth, { owner: "product", key: "obsolete", name: "Obsolete", type: "text" });
  await define(request, storeId, auth, { owner: "customer", key: "referred_by", name: "Referred by", type: "customer_reference" });
  await define(request, storeId, auth, { owner: "order", key: "gift_message", name: "Gift message", type: "text" });

  await test.step("Edit: key and type read-only, the name changes; Delete is confirmed and says the values go", async () => {
    await page.reload();
    await page.getByRole("button", { name: "Edit field Weight (g)" }).click();
    const edit = page.getByRole("dialog", { name: "Edit field Weight (g)" });
    await expect(edit.getByRole("textbox", { name: "Key" })).toHaveValue("weight_g");
    await expect(edit.getByRole("textbox", { name: "Key" })).not.toBeEditable();
    await expect(edit.getByRole("textbox", { name: "Type" })).toHaveValue("Integer");
    await expect(edit.getByRole("textbox", { name: "Type" })).not.toBeEditable();
    await expect(edit.getByRole("spinbutton", { name: "Maximum" })).toHaveValue("1000");
    await edit.getByRole("textbox", { name: "Field name" }).fill("Weight");
    await edit.getByRole("button", { name: "Save field" }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Saved field Weight" })).toBeVisible();

    await page.getByRole("button", { name: "Delete field Obsolete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete the field “Obsolete”?" });
    await expect(confirm).toContainText("Its values are removed from every product");
    await confirm.getByRole("button", { name: "Delete field" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Deleted field Obsolete" })).toBeVisible();
    await expect(fieldRow(page, "Product fields", "obsolete")).toHaveCount(0);
  });

  await test.step("Variants and Customers tabs (in the URL): a filterable variant field, a customer field with choices", async () => {
    await page.getByRole("tab", { name: "Variants" }).click();
    await expect(page).toHaveURL(/fields_owner=variant/);
    await addField(page, "Fabric code", "Single line text", (d) => d.getByRole("checkbox", { name: "Filterable" }).check());
    await expect(fieldRow(page, "Variant fields", "fabric_code")).toContainText("Yes");
    await page.getByRole("tab", { name: "Customers" }).click();
    await addField(page, "Loyalty tier", "Single line text", async (d) => {
      // Customers' fields are not filterable (the product list alone filters).
      await expect(d.getByRole("checkbox", { name: "Filterable" })).toHaveCount(0);
      await d.getByRole("textbox", { name: "Choices" }).fill("Bronze\nSilver\nGold");
    });
    await page.reload();
    await expect(page.getByRole("tab", { name: "Customers" })).toHaveAttribute("aria-selected", "true");
    await expect(fieldRow(page, "Customer fields", "loyalty_tier")).toBeVisible();
    await expect(fieldRow(page, "Customer fields", "referred_by")).toContainText("Customer");
  });

  const oak = await product(request, storeId, auth, "Oak stool", { material: "Oak", weight_g: 900 });
  await product(request, storeId, auth, "Wool scarf", { material: "Wool", weight_g: 200 });
  const shirt = await product(request, storeId, auth, "Linen shirt");
  const fields = page.getByRole("group", { name: "Custom fields" });

  await test.step("a product's fields, each with the input for its type; wrong values said beside their fields", async () => {
    await page.goto(`/admin/products/${shirt.id}`);
    await expect(fields.getByRole("combobox", { name: "Material" }).getByRole("option")).toHaveText(["None", "Linen", "Wool", "Oak"]);
    await fields.getByRole("combobox", { name: "Material" }).selectOption("Linen");
    await fields.getByRole("spinbutton", { name: "Weight" }).fill("5000");
    await fields.getByLabel("Launch date").fill("2026-12-01");
    await fields.getByRole("button", { name: "Add to Colours" }).click();
    await fields.getByRole("textbox", { name: "Colours 1", exact: true }).fill("#1F4FD1");
    await fields.getByRole("button", { name: "Add to Colours" }).click();
    await fields.getByRole("textbox", { name: "Colours 2", exact: true }).fill("blue");
    await fields.getByRole("textbox", { name: "Price floor" }).fill("12.50");
    await fields.getByRole("textbox", { name: "Care" }).fill("Cold wash.\nLine dry.");
    await expect(fields.getByRole("textbox", { name: "Care" })).toHaveAccessibleDescription("Washing and drying");
    await fields.getByRole("checkbox", { name: "Gift wrap" }).check();
    await fields.getByRole("searchbox", { name: "Search products for Related product" }).fill("Oak");
    await fields.getByRole("combobox", { name: "Related product" }).selectOption({ label: "Oak stool" });
    await fields.getByLabel("Release").fill("2026-12-01T09:30");
    await page.getByRole("button", { name: "Save", exact: true }).click();

    // One 422 names every bad value; each shows under its own input, in the API's words.
    const weight = fields.getByRole("spinbutton", { name: "Weight" });
    await expect(weight).toHaveAttribute("aria-invalid", "true");
    await expect(weight).toHaveAccessibleDescription("must be at most 1000");
    await expect(fields.getByRole("textbox", { name: "Colours 2", exact: true })).toHaveAccessibleDescription("must be a color #rrggbb");
    await expect(page.getByRole("status").filter({ hasText: "Not saved" })).toBeVisible();
    await expectAccessible(page, "product page with custom field errors");

    await weight.fill("250");
    await fields.getByRole("textbox", { name: "Colours 2", exact: true }).fill("#00aa00");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
    await expect(weight).not.toHaveAttribute("aria-invalid", "true");

    const stored = await (await request.get(`/stores/${storeId}/products/${shirt.id}`, { headers: auth })).json();
    expect(stored.fields).toEqual({
      material: "Linen",
      weight_g: 250,
      launch_date: "2026-12-01",
      colours: ["#1f4fd1", "#00aa00"],
      price_floor: 1250,
      care: "Cold wash.\nLine dry.",
      gift_wrap: true,
      related: oak.id,
      // The store's zone is UTC: the wall clock typed is the instant.
      release: "2026-12-01T09:30:00.000Z",
    });
  });

  await test.step("the values read back after a reload; an emptied field is removed; a money amount is checked before sending", async () => {
    await page.reload();
    await expect(fields.getByRole("combobox", { name: "Material" })).toHaveValue("Linen");
    await expect(fields.getByRole("combobox", { name: "Related product" })).toHaveValue(oak.id);
    await expect(fields.getByRole("combobox", { name: "Related product" }).locator("option:checked")).toHaveText("Oak stool");
    await expect(fields.getByRole("textbox", { name: "Price floor" })).toHaveValue("12.50");
    await expect(fields.getByRole("textbox", { name: "Colours 1", exact: true })).toHaveValue("#1f4fd1");
    await expect(fields.getByLabel("Release")).toHaveValue("2026-12-01T09:30");

    await fields.getByRole("textbox", { name: "Price floor" }).fill("twelve");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(fields.getByRole("textbox", { name: "Price floor" })).toHaveAccessibleDescription(/Enter an amount such as 12.50/);
    await fields.getByRole("textbox", { name: "Price floor" }).fill("12.50");
    await fields.getByRole("textbox", { name: "Care" }).fill("");
    await fields.getByRole("button", { name: "Remove Colours 2" }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
    const stored = await (await request.get(`/stores/${storeId}/products/${shirt.id}`, { headers: auth })).json();
    expect(stored.fields.care).toBeUndefined();
    expect(stored.fields.colours).toEqual(["#1f4fd1"]);
    expect(stored.fields.price_floor).toBe(1250);
  });

  await test.step("a variant's field in the variant dialog", async () => {
    await page.getByRole("button", { name: "Edit variant Default" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit variant Default" });
    await dialog.getByRole("group", { name: "Custom fields" }).getByRole("textbox", { name: "Fabric code" }).fill("FC-1");
    await expectAccessible(page, "variant dialog with custom fields");
    await dialog.getByRole("button", { name: "Save variant" }).click();
    await expect(dialog).toBeHidden();
    const stored = await (await request.get(`/stores/${storeId}/products/${shirt.id}`, { headers: auth })).json();
    expect(stored.variants[0].fields).toEqual({ fabric_code: "FC-1" });
  });

  await test.step("a customer's fields: a choice, a reference found by search; New customer shows them too", async () => {
    const ada = await customer(request, storeId, auth, "ada@example.test", "Ada Lovelace");
    const grace = await customer(request, storeId, auth, "grace@example.test", "Grace Hopper");
    await page.goto(`/admin/customers/${ada.id}`);
    await fields.getByRole("combobox", { name: "Loyalty tier" }).selectOption("Gold");
    await fields.getByRole("searchbox", { name: "Search customers for Referred by" }).fill("grace");
    await fields.getByRole("combobox", { name: "Referred by" }).selectOption({ label: "Grace Hopper (grace@example.test)" });
    await expectAccessible(page, "customer page with custom fields");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
    const stored = await (await request.get(`/stores/${storeId}/customers/${ada.id}`, { headers: auth })).json();
    expect(stored.fields).toEqual({ loyalty_tier: "Gold", referred_by: grace.id });

    // Read back, the reference is named.
    await page.reload();
    await expect(fields.getByRole("combobox", { name: "Referred by" }).locator("option:checked")).toHaveText("Grace Hopper (grace@example.test)");

    await page.goto("/admin/customers");
    await page.getByRole("button", { name: "New customer" }).click();
    const dialog = page.getByRole("dialog", { name: "New customer" });
    await dialog.getByRole("textbox", { name: "Email" }).fill("linus@example.test");
    await dialog.getByRole("combobox", { name: "Loyalty tier" }).selectOption("Silver");
    await dialog.getByRole("button", { name: "Create customer" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "linus@example.test" })).toBeVisible();
    await expect(fields.getByRole("combobox", { name: "Loyalty tier" })).toHaveValue("Silver");
  });

  await test.step("New order: a line and the order's field, shown read-only on the order", async () => {
    await page.goto("/admin/orders");
    await page.getByRole("link", { name: "New order" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New order" })).toBeVisible();
    await page.getByRole("textbox", { name: "Email" }).fill("buyer@example.test");
    await page.getByRole("searchbox", { name: "Search products and variants for Line 1 variant" }).fill("Wool");
    await page.getByRole("combobox", { name: "Line 1 variant" }).selectOption({ label: "Wool scarf — Default" });
    await page.getByRole("spinbutton", { name: "Line 1 quantity" }).fill("2");
    await fields.getByRole("textbox", { name: "Gift message" }).fill("Happy birthday");
    await expectAccessible(page, "new order");
    await page.getByRole("button", { name: "Create order" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Order / })).toBeVisible();
    const card = page.getByRole("region", { name: "Custom fields" });
    await expect(card).toContainText("Gift message");
    await expect(card).toContainText("Happy birthday");
    await expect(page.getByRole("row", { name: /Wool scarf/ })).toContainText("2");
  });

  await test.step("the products list by More filters: equality, a range, a variant field, in the URL", async () => {
    await page.goto("/admin/products");
    const rows = page.getByRole("table", { name: "Products" }).getByRole("row");
    // "More filters", "More filters (1)" once a filter applies (not "Clear more filters").
    const moreFilters = page.getByRole("button", { name: /^More filters/ });
    await expect(rows).toHaveCount(4);
    await moreFilters.click();
    const dialog = page.getByRole("dialog", { name: "More filters" });
    await expect(dialog.getByRole("group", { name: "Product fields" })).toBeVisible();
    await expect(dialog.getByRole("spinbutton", { name: "Weight at least" })).toBeVisible();
    await expect(dialog.getByLabel("Launch date from")).toBeVisible();
    await dialog.getByRole("combobox", { name: "Material", exact: true }).selectOption("Linen");
    await expectAccessible(page, "more filters dialog");
    await dialog.getByRole("button", { name: "Apply filters" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/field\.material=Linen/);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText("Linen shirt");
    await expect(page.getByRole("button", { name: "More filters (1)" })).toBeVisible();
    await expect(page.getByText("Material: Linen")).toBeVisible();
    await page.reload();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText("Linen shirt");

    // A range instead: 100..300 g holds the shirt (250) and the scarf (200), not the stool (900).
    await moreFilters.click();
    await dialog.getByRole("combobox", { name: "Material", exact: true }).selectOption("Any");
    await dialog.getByRole("spinbutton", { name: "Weight at least" }).fill("100");
    await dialog.getByRole("spinbutton", { name: "Weight at most" }).fill("300");
    await dialog.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/field\.weight_g\.min=100/);
    await expect(page).not.toHaveURL(/field\.material=/);
    await expect(rows).toHaveCount(3);
    await expect(page.getByRole("table", { name: "Products" })).not.toContainText("Oak stool");

    // A variant field (products with such a variant) and money typed in major units, sent in minor units.
    await moreFilters.click();
    await dialog
      .getByRole("group", { name: /Variant fields/ })
      .getByRole("textbox", { name: "Fabric code" })
      .fill("FC-1");
    await dialog.getByRole("textbox", { name: "Price floor at least" }).fill("10.00");
    await dialog.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/field\.price_floor\.min=1000/);
    await expect(page).toHaveURL(/field\.fabric_code=FC-1/);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText("Linen shirt");

    await page.getByRole("button", { name: "Clear more filters" }).click();
    await expect(page).not.toHaveURL(/field\./);
    await expect(rows).toHaveCount(4);
  });

  expect(foreign).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("Settings → Custom fields, a product's fields and More filters fit 390 px", async ({ page, request }) => {
    const { storeId, auth } = await signedInAdmin(page, request, "A phone shop with fields");
    await define(request, storeId, auth, {
      owner: "product",
      key: "supplier_reference_code",
      name: "Supplier reference code with a long name",
      type: "text",
      filterable: true,
    });
    await define(request, storeId, auth, { owner: "product", key: "weight", name: "Weight", type: "decimal", filterable: true, validations: { min: 0 } });
    await define(request, storeId, auth, { owner: "product", key: "related", name: "Related product", type: "product_reference" });
    await define(request, storeId, auth, { owner: "product", key: "tags_of_our_own", name: "Tags of our own", type: "list.text" });
    const made = await product(request, storeId, auth, "A shirt with a rather long title for a small screen", {
      supplier_reference_code: "SUPPLIER-REFERENCE-0000000000001",
      tags_of_our_own: ["one", "two"],
    });
    const fits = async (screen: string) => {
      await page.waitForLoadState("networkidle");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${screen} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
      await expectAccessible(page, `${screen} (phone)`);
    };

    await page.goto("/admin/settings");
    await expect(page.getByRole("table", { name: "Product fields" }).getByRole("row")).toHaveCount(5);
    await fits("settings with custom fields");
    await page.getByRole("button", { name: "Add field" }).click();
    await page.getByRole("dialog", { name: "Add field" }).getByRole("combobox", { name: "Type" }).selectOption({ label: "Decimal" });
    await fits("add field dialog");
    await page.getByRole("dialog", { name: "Add field" }).getByRole("button", { name: "Cancel" }).click();

    await page.goto(`/admin/products/${made.id}`);
    await expect(page.getByRole("textbox", { name: "Tags of our own 2" })).toHaveValue("two");
    await fits("product page with custom fields");

    await page.goto("/admin/products");
    await page.getByRole("button", { name: "More filters" }).click();
    await expect(page.getByRole("dialog", { name: "More filters" }).getByRole("spinbutton", { name: "Weight at least" })).toBeVisible();
    await fits("more filters dialog");
  });
});
