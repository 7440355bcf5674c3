// docs/admin.md "Week three", API versions part of the console (docs/api-versions.md): the store's integrations and access
// tokens show each credential's API version; an integration's page changes it with the combobox "API version" (it
// persists over a reload, and the key's requests are then served in it); a webhook endpoint's Settings tab shows its
// version. Built on the one form way (useApiForm). axe-clean at 1280 px and at 390 px, where the screens also fit.
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, recordForeignRequests, signedInAdmin } from "./support";

const PHONE = { width: 390, height: 844 };

async function navigateTo(page: Page, link: string, heading: string) {
  const nav = page.getByRole("navigation", { name: "Main" });
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

/** The text of the cells of the column named `header` in the table named `table` (null while it has none). */
async function column(page: Page, table: string, header: string) {
  const t = page.getByRole("table", { name: table });
  const headers = await t.locator("thead th").allTextContents();
  const index = headers.findIndex((h) => h.trim() === header);
  return index < 0 ? null : t.locator(`tbody tr td:nth-child(${index + 1})`).allTextContents();
}

test("API versions: lists show each credential's version, an integration's page changes it, an endpoint's Settings show it", async ({
  page,
  request,
  baseURL,
}) => {
  const foreign = await recordForeignRequests(page, new URL(baseURL!).origin);
  const { storeId, auth } = await signedInAdmin(page, request, "Versions shop");
  const versions = (await (await request.get("/versions")).json()).data as Array<{ version: string; status: string; sunset_at: string | null }>;
  const current = versions.find((v) => v.status === "current")!.version;
  const older = versions.find((v) => v.status !== "current")!.version;
  expect(current).not.toBe(older);

  // Credentials are pinned to the current version when made; a subscription to the one its body names.
  const made = await request.post(`/stores/${storeId}/integrations`, { headers: auth, data: { name: "Nightly ERP", scopes: ["products.read"] } });
  expect(made.status()).toBe(201);
  const integration = await made.json();
  expect(integration.api_version).toBe(current);
  const token = await request.post(`/stores/${storeId}/api-tokens`, { headers: auth, data: { name: "Deploy script", scopes: ["products.read"] } });
  expect(token.status()).toBe(201);
  expect((await token.json()).api_version).toBe(current);
  const hooked = await request.post(`/stores/${storeId}/webhooks`, {
    headers: auth,
    data: { url: "http://127.0.0.1:9/hooks", events: ["products.created"], secret: "a-signing-secret-0123", api_version: older },
  });
  expect(hooked.status()).toBe(201);
  const hook = (await hooked.json()).data[0];
  expect(hook.api_version).toBe(older);

  await test.step("Integrations and Access tokens list each credential's API version", async () => {
    await navigateTo(page, "Integrations", "Integrations");
    await expect(page.getByRole("row", { name: /Nightly ERP/ })).toBeVisible();
    await expect.poll(() => column(page, "Integrations", "API version")).toEqual([current]);
    await expectAccessible(page, "integrations with their API versions");
    await navigateTo(page, "Access tokens", "Access tokens");
    await expect(page.getByRole("row", { name: /Deploy script/ })).toBeVisible();
    await expect.poll(() => column(page, "Access tokens", "API version")).toEqual([current]);
    await expectAccessible(page, "access tokens with their API versions");
  });

  await test.step("an integration's page changes its API version; it persists over a reload and serves its key", async () => {
    await navigateTo(page, "Integrations", "Integrations");
    await page
      .getByRole("row", { name: /Nightly ERP/ })
      .getByRole("link", { name: "Nightly ERP" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Nightly ERP" })).toBeVisible();
    const version = page.getByRole("combobox", { name: "API version" });
    await expect(version).toHaveValue(current);
    // Every version the API serves, said with its status.
    await expect(version.getByRole("option")).toHaveCount(versions.length);
    await expect(version.getByRole("option", { name: `${current} (current)` })).toHaveCount(1);
    await expect(version.getByRole("option", { name: new RegExp(`^${older}`) })).toHaveCount(1);
    await expectAccessible(page, "integration page");

    await version.selectOption(older);
    // A changed version is an unsaved edit: leaving asks first.
    await page.getByRole("link", { name: "← Integrations" }).click();
    const question = page.getByRole("dialog", { name: "Discard unsaved changes?" });
    await question.getByRole("button", { name: "Keep editing" }).click();
    await expect(version).toHaveValue(older);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();

    await page.reload();
    await expect(page.getByRole("combobox", { name: "API version" })).toHaveValue(older);
    const stored = await (await request.get(`/stores/${storeId}/integrations/${integration.id}`, { headers: auth })).json();
    expect(stored.api_version).toBe(older);
    const served = await request.get(`/stores/${storeId}/products`, { headers: { Authorization: `Bearer ${integration.token}` } });
    expect(served.status()).toBe(200);
    expect(served.headers()["api-version"]).toBe(older);

    await page.getByRole("link", { name: "← Integrations" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Integrations" })).toBeVisible();
    await expect(page.getByRole("row", { name: /Nightly ERP/ })).toBeVisible();
    await expect.poll(() => column(page, "Integrations", "API version")).toEqual([older]);
  });

  await test.step("a webhook endpoint's Settings tab shows its API version", async () => {
    await page.goto(`/admin/webhooks/${hook.id}`);
    await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("combobox", { name: "API version" })).toHaveValue(older);
    await expectAccessible(page, "endpoint settings with its API version");
  });

  await test.step("at 390 px: the lists, the integration's page and the endpoint's Settings fit and pass axe", async () => {
    await page.setViewportSize(PHONE);
    await page.goto("/admin/integrations");
    await expect(page.getByRole("heading", { level: 1, name: "Integrations" })).toBeVisible();
    await expect(page.getByRole("row", { name: /Nightly ERP/ })).toBeVisible();
    await expectFits(page, "integrations");
    await navigateTo(page, "Access tokens", "Access tokens");
    await expect(page.getByRole("row", { name: /Deploy script/ })).toBeVisible();
    await expectFits(page, "access tokens");
    await page.goto(`/admin/integrations/${integration.id}`);
    await expect(page.getByRole("combobox", { name: "API version" })).toHaveValue(older);
    await expectFits(page, "integration page");
    await page.goto(`/admin/webhooks/${hook.id}`);
    await expect(page.getByRole("combobox", { name: "API version" })).toHaveValue(older);
    await expectFits(page, "endpoint settings");
  });

  expect(foreign).toEqual([]);
});
