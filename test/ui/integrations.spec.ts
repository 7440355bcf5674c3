// docs/admin.md "Week one", Integrations (docs/api/16-integrations.md), in Chromium by role and accessible name: create an
// integration (its key shown once, and usable), rotate it keeping the previous key working for an hour, see why a
// rotation is recommended after a member who received a key leaves, and revoke it after a confirmation.
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, recordForeignRequests, signedInAdmin } from "./support";

async function navigateTo(page: Page, link: string, heading: string) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link }).click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

test("integrations: create with the key shown once, rotate with an overlap, rotation recommended, revoke", async ({ page, request, baseURL }) => {
  const foreign = await recordForeignRequests(page, new URL(baseURL!).origin);
  const { storeId, auth } = await signedInAdmin(page, request, "Integrations shop");
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  let key = "";

  await test.step("New integration: a name and permissions (never people or access bits); the key appears once", async () => {
    await navigateTo(page, "Integrations", "Integrations");
    await expectAccessible(page, "integrations (empty)");
    await page.getByRole("button", { name: "New integration" }).click();
    const dialog = page.getByRole("dialog", { name: "New integration" });
    await dialog.getByRole("textbox", { name: "Integration name" }).fill("Nightly ERP");
    await dialog.getByRole("checkbox", { name: "products.read" }).check();
    await expect(dialog.getByRole("checkbox", { name: "members.manage" })).toHaveCount(0);
    await expect(dialog.getByRole("checkbox", { name: "integrations.manage" })).toHaveCount(0);
    await expectAccessible(page, "new integration dialog");
    await dialog.getByRole("button", { name: "Create integration" }).click();
    key = await dialog.getByRole("textbox", { name: "New integration key" }).inputValue();
    expect(key).toMatch(/^boi_[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("row", { name: /Nightly ERP/ })).toContainText("products.read");
    const me = await request.get("/me", { headers: bearer(key) });
    expect(me.status()).toBe(200);
    expect((await me.json()).kind).toBe("integration");
  });

  await test.step("Rotate, keeping the previous key working for 1 hour: both keys work", async () => {
    await page
      .getByRole("row", { name: /Nightly ERP/ })
      .getByRole("button", { name: "Rotate" })
      .click();
    const dialog = page.getByRole("dialog", { name: /Rotate/ });
    const overlap = dialog.getByRole("combobox", { name: "Keep the previous key working for" });
    await expect(overlap.getByRole("option")).toHaveText(["No time", "1 hour", "24 hours", "7 days"]);
    await overlap.selectOption({ label: "1 hour" });
    await expectAccessible(page, "rotate integration dialog");
    await dialog.getByRole("button", { name: "Rotate" }).click();
    await expect(dialog).toBeHidden();
    const rotated = await page.getByRole("textbox", { name: "New integration key" }).inputValue();
    expect(rotated).toMatch(/^boi_/);
    expect(rotated).not.toBe(key);
    for (const token of [key, rotated]) {
      expect((await request.get(`/stores/${storeId}/products`, { headers: bearer(token) })).status()).toBe(200);
    }
    key = rotated;
  });

  await test.step("a member who received a key leaves: the row says a rotation is recommended, and why", async () => {
    const email = `leaver-${Date.now().toString(36)}@example.test`;
    const password = "a-long-password-9";
    expect((await request.post("/users", { data: { email, password, name: "Lee Leaver" } })).status()).toBe(201);
    const memberJwt = (await (await request.post("/login", { data: { email, password } })).json()).token as string;
    const invite = await (
      await request.post(`/stores/${storeId}/invites`, {
        headers: auth,
        data: { email, permissions: ["integrations.manage", "products.read"] },
      })
    ).json();
    const accepted = await (await request.post("/invites/accept", { headers: bearer(memberJwt), data: { token: invite.token } })).json();
    const made = await request.post(`/stores/${storeId}/integrations`, {
      headers: bearer(memberJwt),
      data: { name: "Marketplace feed", scopes: ["products.read"] },
    });
    expect(made.status()).toBe(201);
    expect((await request.delete(`/stores/${storeId}/members/${accepted.user_id}`, { headers: auth })).status()).toBe(204);
    await page.reload();
    const row = page.getByRole("row", { name: /Marketplace feed/ });
    await expect(row).toContainText("Rotation recommended");
    await expect(row).toContainText(email);
    await expectAccessible(page, "integrations with a recommendation");
  });

  await test.step("Revoke, confirmed in a dialog: the row goes and the key is refused", async () => {
    await page
      .getByRole("row", { name: /Nightly ERP/ })
      .getByRole("button", { name: "Revoke" })
      .click();
    const confirm = page.getByRole("dialog", { name: /Revoke/ });
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByRole("row", { name: /Nightly ERP/ })).toHaveCount(0);
    expect((await request.get(`/stores/${storeId}/products`, { headers: bearer(key) })).status()).toBe(401);
  });

  expect(foreign).toEqual([]);
});
