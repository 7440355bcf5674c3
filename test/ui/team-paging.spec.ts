// Issue 33: every list that can exceed a page pages. A team of 105 members (the owner and 104 who joined through
// invites, made through the API) shows its 105th member in the console, found by paging the Team screen; the page
// lives in the URL like every other list's.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectAccessible, signedInAdmin } from "./support";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const password = "a-long-password-9";

/** A new user who accepts an invite to the store: signed up, signed in, invited by the owner, accepted. */
async function join(request: APIRequestContext, storeId: string, owner: Record<string, string>, name: string) {
  const email = `team-${unique()}@example.test`;
  expect((await request.post("/users", { data: { email, password, name } })).status()).toBe(201);
  const jwt = (await (await request.post("/login", { data: { email, password } })).json()).token as string;
  const invite = await request.post(`/stores/${storeId}/invites`, { headers: owner, data: { email, permissions: ["products.read"] } });
  expect(invite.status()).toBe(201);
  const token = (await invite.json()).token as string;
  const accepted = await request.post("/invites/accept", { headers: { Authorization: `Bearer ${jwt}` }, data: { token } });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

test("a team of 105 members shows the 105th, on the third page of the Team screen", async ({ page, request }) => {
  test.setTimeout(300_000);
  const { storeId, auth } = await signedInAdmin(page, request, "Big team shop");

  await test.step("104 teammates join through invites (in parallel batches; the last one alone, so it is the 105th)", async () => {
    const names = Array.from({ length: 103 }, (_, i) => `Member ${String(i + 2).padStart(3, "0")}`);
    for (let i = 0; i < names.length; i += 12) {
      await Promise.all(names.slice(i, i + 12).map((name) => join(request, storeId, auth, name)));
    }
    await join(request, storeId, auth, "Member 105");
    const last = await (await request.get(`/stores/${storeId}/members?limit=1&offset=104`, { headers: auth })).json();
    expect(last.pagination.total).toBe(105);
    expect(last.data[0].name).toBe("Member 105");
  });

  await test.step("the Team screen pages: 1–50, 51–100, then 101–105 with the 105th member", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Team" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
    const members = page.getByRole("table", { name: "Members" });
    const pager = page.getByRole("navigation", { name: "Members pagination" });
    await expect(pager).toContainText("1–50 of 105");
    await expect(members.getByRole("row", { name: /Dee Admin/ })).toBeVisible();
    await expect(members.getByRole("row", { name: /Member 105/ })).toHaveCount(0);
    await expectAccessible(page, "team (first page of 105 members)");

    await pager.getByRole("button", { name: "Next page" }).click();
    await expect(pager).toContainText("51–100 of 105");
    // (Who joined 51st is not fixed: the batches join in parallel.) A header row and 50 members, none the 105th.
    await expect(members.getByRole("row")).toHaveCount(51);
    await expect(members.getByRole("row", { name: /Member 105/ })).toHaveCount(0);
    await pager.getByRole("button", { name: "Next page" }).click();
    await expect(pager).toContainText("101–105 of 105");
    await expect(pager.getByRole("button", { name: "Next page" })).toBeDisabled();
    const newest = members.getByRole("row", { name: /Member 105/ });
    await expect(newest).toBeVisible();
    await expect(newest).toContainText("products.read");
    await expect(newest.getByRole("button", { name: "Edit permissions" })).toBeVisible();
    // Header row and the five members of the last page.
    await expect(members.getByRole("row")).toHaveCount(6);
  });

  await test.step("the page is in the URL: a reload and Back give the same pages; the invites list pages on its own", async () => {
    await expect(page).toHaveURL(/[?&]offset=100/);
    await page.reload();
    const pager = page.getByRole("navigation", { name: "Members pagination" });
    await expect(pager).toContainText("101–105 of 105");
    await expect(page.getByRole("table", { name: "Members" }).getByRole("row", { name: /Member 105/ })).toBeVisible();
    await page.goBack();
    await expect(pager).toContainText("51–100 of 105");
    // Every invite was accepted: none is pending, and the invites' pager is its own.
    await expect(page.getByText("No open invites.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Invites pagination" })).toContainText("0 of 0");
  });
});
