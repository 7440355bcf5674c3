// docs/admin.md "Week one", the endpoint page (docs/webhooks.md "Operating an endpoint"), by role and name: "Send test
// event" to a receiver answering 410 Gone disables the endpoint, which then says why in words and offers "Enable";
// "Rotate secret" with "Keep the previous secret valid for"; "Recover failed deliveries" since a date and time sends
// the failed test event again.
import { once } from "node:events";
import { createServer } from "node:http";
import { expect, test } from "@playwright/test";
import { expectAccessible, signedInAdmin } from "./support";

const RECEIVER_PORT = Number(process.env.UI_OPERATIONS_RECEIVER_PORT ?? 8850);

test("endpoint page: test event, disabled by 410 with its reason, Enable, Rotate secret, Recover failed deliveries", async ({ page, request }) => {
  let status = 410;
  const received: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")).event);
      res.writeHead(status).end();
    });
  });
  server.listen(RECEIVER_PORT, "127.0.0.1");
  await once(server, "listening");
  try {
    const { storeId, auth } = await signedInAdmin(page, request, "Operations shop");
    const created = await request.post(`/stores/${storeId}/webhooks`, {
      headers: auth,
      data: { url: `http://127.0.0.1:${RECEIVER_PORT}/hooks`, events: ["orders.created"], secret: "a-signing-secret-0123" },
    });
    const hook = (await created.json()).data[0];
    await page.goto(`/admin/webhooks/${hook.id}`);

    await test.step("Send test event: the receiver answers 410 Gone, and the endpoint says it is disabled and why", async () => {
      await page.getByRole("button", { name: "Send test event" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Test event queued" })).toBeVisible();
      await expect(page.getByText("Disabled because the endpoint answered 410 Gone")).toBeVisible();
      expect(received).toEqual(["webhook.test"]);
      await expectAccessible(page, "disabled endpoint");
      status = 200;
      await page.getByRole("button", { name: "Enable" }).click();
      await expect(page.getByText("Disabled because")).toBeHidden();
      expect((await (await request.get(`/stores/${storeId}/webhooks/${hook.id}`, { headers: auth })).json()).active).toBe(true);
    });

    await test.step("Rotate secret, keeping the previous one valid for 1 hour", async () => {
      await page.getByRole("textbox", { name: "New signing secret" }).fill("the-new-signing-secret-42");
      await page.getByRole("combobox", { name: "Keep the previous secret valid for" }).selectOption({ label: "1 hour" });
      // A secret typed but not rotated in yet is an unsaved edit: leaving the page asks first.
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" }).click();
      const leave = page.getByRole("dialog", { name: "Discard unsaved changes?" });
      await leave.getByRole("button", { name: "Keep editing" }).click();
      await expect(page.getByRole("textbox", { name: "New signing secret" })).toHaveValue("the-new-signing-secret-42");
      await page.getByRole("button", { name: "Rotate secret" }).click();
      await expect(page.getByRole("status").filter({ hasText: "The previous secret also signs until" })).toBeVisible();
      const after = await (await request.get(`/stores/${storeId}/webhooks/${hook.id}`, { headers: auth })).json();
      const overlap = Date.parse(after.previous_secret_expires_at) - Date.now();
      expect(overlap).toBeGreaterThan(50 * 60_000);
      expect(overlap).toBeLessThanOrEqual(3_600_000);
    });

    await test.step("Recover failed deliveries since a date and time sends the failed test event again", async () => {
      await expect(page.getByRole("textbox", { name: "Since" }).or(page.getByLabel("Since"))).toBeVisible();
      await page.getByLabel("Since").fill(new Date(Date.now() - 2 * 3_600_000 - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
      await page.getByRole("button", { name: "Recover failed deliveries" }).click();
      await expect(page.getByRole("status").filter({ hasText: "1 failed deliveries sent again" })).toBeVisible();
      await expect.poll(() => received, { timeout: 20_000 }).toEqual(["webhook.test", "webhook.test"]);
    });
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});
