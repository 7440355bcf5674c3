// Catalog organization in the console (docs/admin.md "Week one", catalog): the products list's Status, Sort and Tag
// filters kept in the URL; Tags on the product page; Compare-at price in the variant dialog; Collections with a
// manual collection's order (buttons and drag and drop) and an automatic collection's rule rows; the collections
// list's page kept in the URL.
import { expect, test } from "@playwright/test";
import { expectAccessible, signedInAdmin } from "./support";

test("filters in the URL, tags, compare-at price, and collections ordered by buttons and by drag and drop", async ({ page, request }) => {
  test.setTimeout(240_000);
  const password = "a-long-password-9";
  const email = `organizer-${Date.now().toString(36)}@example.test`;
  expect((await request.post("/users", { data: { email, password, name: "Organizer" } })).status()).toBe(201);
  const jwt = (await (await request.post("/login", { data: { email, password } })).json()).token as string;
  const auth = { Authorization: `Bearer ${jwt}` };
  const store = await (await request.post("/stores", { headers: auth, data: { name: "Organized" } })).json();
  const make = async (title: string, body: Record<string, unknown> = {}) =>
    (await (await request.post(`/stores/${store.id}/products`, { headers: auth, data: { title, product_type: "single", ...body } })).json()) as { id: string };
  await make("Alpha boot", { status: "live", default_price_cents: 3000, tags: ["Shoes"] });
  const beta = await make("Beta sandal", { status: "live", default_price_cents: 1000, tags: ["Shoes", "Summer"] });
  await make("Gamma hat", { default_price_cents: 2000 });
  const variable = await make("Delta coat", { product_type: "variable", default_price_cents: undefined });

  await page.goto("/admin/login");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();

  // Status, Sort and Tag live in the URL: a reload gives the same list.
  await page.getByRole("combobox", { name: "Status" }).selectOption("live");
  await page.getByRole("combobox", { name: "Sort" }).selectOption("price");
  await expect(page).toHaveURL(/status=live/);
  await expect(page).toHaveURL(/sort=price/);
  const titles = () => page.getByRole("row").locator("td.title-cell a").allTextContents();
  await expect.poll(titles).toEqual(["Beta sandal", "Alpha boot"]);
  await page.getByRole("textbox", { name: "Tag" }).fill("summer");
  await expect(page).toHaveURL(/tag=summer/);
  await expect.poll(titles).toEqual(["Beta sandal"]);
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("live");
  await expect(page.getByRole("textbox", { name: "Tag" })).toHaveValue("summer");
  await expect.poll(titles).toEqual(["Beta sandal"]);
  await expectAccessible(page, "products (filtered)");

  // Tags on the product page.
  await page.goto(`/admin/products/${beta.id}`);
  const tags = page.getByRole("textbox", { name: "Tags" });
  await expect(tags).toHaveValue("Shoes, Summer");
  await tags.fill("Shoes, Sale");
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  const saved = await (await request.get(`/stores/${store.id}/products/${beta.id}`, { headers: auth })).json();
  expect(saved.tags).toEqual(["Shoes", "Sale"]);

  // Compare-at price in the variant dialog (below the price: the API's 422 is shown on the field).
  await page.goto(`/admin/products/${variable.id}`);
  await page.getByRole("button", { name: "Add variant" }).click();
  const dialog = page.getByRole("dialog", { name: "Add variant" });
  await dialog.getByRole("textbox", { name: "Price", exact: true }).fill("20.00");
  await dialog.getByRole("textbox", { name: "Compare-at price" }).fill("25.00");
  await dialog.getByRole("textbox", { name: "SKU" }).fill("DELTA-1");
  await dialog.getByRole("button", { name: "Save variant" }).click();
  await expect(dialog).toBeHidden();
  const coat = await (await request.get(`/stores/${store.id}/products/${variable.id}`, { headers: auth })).json();
  expect(coat.variants[0]).toMatchObject({ price_cents: 2000, compare_at_price_cents: 2500 });

  // Collections: a manual one, its products ordered by buttons and by drag and drop.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Collections" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Collections" })).toBeVisible();
  await page.getByRole("button", { name: "New collection" }).click();
  const create = page.getByRole("dialog", { name: "New collection" });
  await create.getByRole("textbox", { name: "Title" }).fill("Front page");
  await create.getByRole("radio", { name: "Manual" }).check();
  await create.getByRole("button", { name: "Create collection" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Front page" })).toBeVisible();
  await page.getByRole("button", { name: "Add products" }).click();
  const add = page.getByRole("dialog", { name: "Add products" });
  for (const title of ["Alpha boot", "Beta sandal", "Gamma hat"]) await add.getByRole("button", { name: `Add ${title}` }).click();
  await add.getByRole("button", { name: "Done" }).click();
  const members = page.getByRole("list", { name: "Products in this collection" }).getByRole("listitem");
  const order = () => members.locator("a").allTextContents();
  await expect.poll(order).toEqual(["Alpha boot", "Beta sandal", "Gamma hat"]);
  const collectionId = page.url().split("/").pop()!;
  const stored = async () =>
    (
      (await (await request.get(`/stores/${store.id}/collections/${collectionId}/products?include_drafts=true`, { headers: auth })).json()).data as Array<{
        title: string;
      }>
    ).map((p) => p.title);
  await expect.poll(stored).toEqual(["Alpha boot", "Beta sandal", "Gamma hat"]);

  await members.filter({ hasText: "Gamma hat" }).getByRole("button", { name: "Move earlier" }).click();
  await expect.poll(stored).toEqual(["Alpha boot", "Gamma hat", "Beta sandal"]);
  await members.filter({ hasText: "Alpha boot" }).getByRole("button", { name: "Move later" }).click();
  await expect.poll(stored).toEqual(["Gamma hat", "Alpha boot", "Beta sandal"]);

  // Drag and drop: Beta sandal's handle onto the first row.
  const handle = page.getByRole("button", { name: "Drag Beta sandal" });
  const target = members.first();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(from.x + from.width / 2, from.y - ((from.y - to.y) * step) / 10 - 4);
  await page.mouse.up();
  await expect.poll(stored).toEqual(["Beta sandal", "Gamma hat", "Alpha boot"]);

  // "Remove" asks first (docs/admin.md "Not losing work"); cancelling keeps the product.
  await members.filter({ hasText: "Gamma hat" }).getByRole("button", { name: "Remove" }).click();
  const confirmRemove = page.getByRole("dialog", { name: /Remove “Gamma hat”/ });
  await confirmRemove.getByRole("button", { name: "Cancel" }).click();
  await expect(members).toHaveCount(3);
  await members.filter({ hasText: "Gamma hat" }).getByRole("button", { name: "Remove" }).click();
  await confirmRemove.getByRole("button", { name: "Remove" }).click();
  await expect.poll(stored).toEqual(["Beta sandal", "Alpha boot"]);
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await expectAccessible(page, "manual collection");

  // An automatic collection with a rule row.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Collections" }).click();
  await page.getByRole("button", { name: "New collection" }).click();
  await create.getByRole("textbox", { name: "Title" }).fill("Shoes");
  await create.getByRole("radio", { name: "Automatic" }).check();
  const rule = create.getByRole("group", { name: "Condition 1" });
  await rule.getByRole("combobox", { name: "Field" }).selectOption("tag");
  await rule.getByRole("combobox", { name: "Condition" }).selectOption("equals");
  await rule.getByRole("textbox", { name: "Value" }).fill("shoes");
  await create.getByRole("button", { name: "Create collection" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Shoes" })).toBeVisible();
  const matching = page.getByRole("table", { name: "Products in this collection" });
  await expect(matching.getByRole("row", { name: /Alpha boot/ })).toBeVisible();
  await expect(matching.getByRole("row", { name: /Beta sandal/ })).toBeVisible();
  await expect(page.getByText("2 products")).toBeVisible();
  await expectAccessible(page, "automatic collection");
});

test("the collections list's page lives in the URL: Back and a reload give the same page", async ({ page, request }) => {
  test.setTimeout(120_000);
  const { storeId, auth } = await signedInAdmin(page, request, "Paged collections");
  for (let i = 1; i <= 52; i++) {
    const title = `Collection ${String(i).padStart(2, "0")}`;
    expect((await request.post(`/stores/${storeId}/collections`, { headers: auth, data: { title, kind: "manual" } })).status()).toBe(201);
  }
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Collections" }).click();
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await expect(pager).toContainText("1–50 of 52");
  await pager.getByRole("button", { name: "Next page" }).click();
  await expect(pager).toContainText("51–52 of 52");
  await expect(page).toHaveURL(/[?&]offset=50/);
  await page.reload();
  await expect(pager).toContainText("51–52 of 52");
  await expect(page.getByRole("table", { name: "Collections" }).getByRole("row")).toHaveCount(3);
  await page.goBack();
  await expect(pager).toContainText("1–50 of 52");
});
