// ADMIN.md "Week two", for integrators: navigation "Events" shows the store's event log (API.md section 22) newest
// first, filtered by the combobox "Event type" and the searchbox "Resource id", each row opening its payload; and the
// endpoint page's Deliveries tab shows each delivery's `sequence` (the store event's, from the payload envelope).
import { expect, test } from "@playwright/test";
import { expectAccessible, failingReceiver, signedInAdmin } from "./support";

const RECEIVER_PORT = Number(process.env.UI_EVENTS_RECEIVER_PORT ?? 8851);

test("Events: newest first, filtered by Event type and Resource id, payload; Deliveries show the sequence", async ({ page, request }) => {
  const receiver = await failingReceiver(RECEIVER_PORT, "events receiver: 500");
  try {
    const { storeId, auth } = await signedInAdmin(page, request, "Events shop");
    const hooked = await request.post(`/stores/${storeId}/webhooks`, {
      headers: auth,
      data: { url: receiver.url, events: ["products.created"], secret: "a-signing-secret-0123" },
    });
    expect(hooked.status()).toBe(201);
    const hook = (await hooked.json()).data[0];
    const make = async (title: string) => {
      const made = await request.post(`/stores/${storeId}/products`, { headers: auth, data: { title, product_type: "single", default_price_cents: 900 } });
      expect(made.status()).toBe(201);
      const body = await made.json();
      return (body.data?.id ?? body.id) as string;
    };
    const mugId = await make("Events mug");
    const capId = await make("Events cap");
    const events = (await (await request.get(`/stores/${storeId}/events`, { headers: auth })).json()).data as Array<{ sequence: number; event: string; data: { id?: string } }>;
    const mugCreated = events.find((e) => e.event === "products.created" && e.data.id === mugId)!;
    const capCreated = events.find((e) => e.event === "products.created" && e.data.id === capId)!;
    expect(mugCreated.sequence).toBeLessThan(capCreated.sequence);

    await test.step("navigation Events: the log, newest first", async () => {
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
      const table = page.getByRole("table", { name: "Events" });
      await expect(table.getByRole("row").nth(1)).toBeVisible();
      const rows = table.getByRole("row");
      // Newest first: the first data row has the highest sequence.
      const firstSequence = Number(await rows.nth(1).getByRole("cell").first().textContent());
      expect(firstSequence).toBe(Math.max(...events.map((e) => e.sequence)));
      await expect(table.getByRole("cell", { name: String(capCreated.sequence), exact: true })).toBeVisible();
      await expectAccessible(page, "event log");
    });

    await test.step("Event type and Resource id filter the log", async () => {
      await page.getByRole("combobox", { name: "Event type" }).selectOption("products.created");
      const table = page.getByRole("table", { name: "Events" });
      await expect(table.getByRole("row")).toHaveCount(3);
      await expect(table.getByRole("row").nth(1)).toContainText(capId);
      await expect(table.getByRole("row").nth(2)).toContainText(mugId);
      await page.getByRole("searchbox", { name: "Resource id" }).fill(mugId);
      await expect(table.getByRole("row")).toHaveCount(2);
      await expect(table.getByRole("row").nth(1)).toContainText(String(mugCreated.sequence));
      await page.getByRole("combobox", { name: "Event type" }).selectOption("products.*");
      await expect(table.getByRole("row").nth(1)).toContainText(mugId);
      await expect(table.getByRole("row").filter({ hasText: capId })).toHaveCount(0);
    });

    await test.step("a row opens its payload", async () => {
      await page.getByRole("button", { name: `Payload of event ${mugCreated.sequence}` }).click();
      const dialog = page.getByRole("dialog", { name: `Event ${mugCreated.sequence}: products.created` });
      await expect(dialog.getByRole("region", { name: "Payload" })).toContainText("Events mug");
      await expect(dialog.getByRole("region", { name: "Payload" })).toContainText(`"sequence": ${mugCreated.sequence}`);
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step("the Deliveries tab shows each delivery's sequence", async () => {
      await expect
        .poll(async () => (await (await request.get(`/stores/${storeId}/webhooks/${hook.id}/deliveries`, { headers: auth })).json()).data.length, { timeout: 20_000 })
        .toBe(2);
      await page.goto(`/admin/webhooks/${hook.id}`);
      await page.getByRole("tab", { name: "Deliveries" }).click();
      const table = page.getByRole("table", { name: "Deliveries" });
      await expect(table.getByRole("columnheader", { name: "Sequence" })).toBeVisible();
      // The second column (after Event) is the sequence of each delivery's event.
      const sequences = () => table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => r.querySelectorAll("td")[1]?.textContent ?? ""));
      await expect.poll(async () => (await sequences()).sort()).toEqual([String(mugCreated.sequence), String(capCreated.sequence)].sort());
      await expectAccessible(page, "deliveries with sequence");
    });
  } finally {
    await receiver.close();
  }
});
