// docs/admin.md "Week two", for integrators: navigation "Events" shows the store's event log (docs/api/22-event-log.md) newest
// first (the API's `order=desc`), paged with "Previous page" / "Next page" like the console's other cursor lists,
// filtered by the combobox "Event type" and the searchbox "Resource id", each row opening its payload; and the
// endpoint page's Deliveries tab shows each delivery's `sequence` (from the delivery list item). At 390 x 844 both
// fit the screen.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectAccessible, failingReceiver, recordForeignRequests, signedInAdmin } from "./support";

const RECEIVER_PORT = Number(process.env.UI_EVENTS_RECEIVER_PORT ?? 8851);
const PHONE = { width: 390, height: 844 };
/** The console's page of events (hooks/api/events.ts). */
const PAGE = 50;

type Auth = Record<string, string>;

async function makeProduct(request: APIRequestContext, storeId: string, auth: Auth, title: string) {
  const made = await request.post(`/stores/${storeId}/products`, { headers: auth, data: { title, product_type: "single", default_price_cents: 900 } });
  expect(made.status()).toBe(201);
  return (await made.json()).id as string;
}

/** `count` customers.created events, a few requests at a time. */
async function makeCustomers(request: APIRequestContext, storeId: string, auth: Auth, count: number) {
  for (let n = 0; n < count; n += 5) {
    const batch = Array.from({ length: Math.min(5, count - n) }, (_, i) =>
      request.post(`/stores/${storeId}/customers`, { headers: auth, data: { email: `events-${n + i}@example.test` } }),
    );
    for (const made of await Promise.all(batch)) expect(made.status()).toBe(201);
  }
}

/** The sequences shown in the Events table, top to bottom. */
const shownSequences = (page: Page) =>
  page
    .getByRole("table", { name: "Events" })
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((r) => Number(r.querySelector("td")?.textContent ?? "NaN")));

const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

test("Events: newest first, paged, filtered by Event type and Resource id, payload; Deliveries show the sequence", async ({ page, request, baseURL }) => {
  const foreign = await recordForeignRequests(page, baseURL!);
  const receiver = await failingReceiver(RECEIVER_PORT, "events receiver: 500");
  try {
    const { storeId, auth } = await signedInAdmin(page, request, "Events shop");
    const hooked = await request.post(`/stores/${storeId}/webhooks`, {
      headers: auth,
      data: { url: receiver.url, events: ["products.created"], secret: "a-signing-secret-0123" },
    });
    expect(hooked.status()).toBe(201);
    const hook = (await hooked.json()).data[0];
    const mugId = await makeProduct(request, storeId, auth, "Events mug");
    const capId = await makeProduct(request, storeId, auth, "Events cap");
    // More than a page: the two products' events are on the second page, newest first.
    await makeCustomers(request, storeId, auth, PAGE + 2);
    const log = (await (await request.get(`/stores/${storeId}/events?limit=100`, { headers: auth })).json()).data as Array<{
      sequence: number;
      event: string;
      data: { id?: string };
    }>;
    const mugCreated = log.find((e) => e.event === "products.created" && e.data.id === mugId)!;
    const capCreated = log.find((e) => e.event === "products.created" && e.data.id === capId)!;
    const newest = Math.max(...log.map((e) => e.sequence));
    expect([mugCreated.sequence, capCreated.sequence, newest]).toEqual([1, 2, PAGE + 4]);

    await test.step("navigation Events: the log, newest first, a page at a time", async () => {
      // The screen reads the page it shows, newest first from the API (order=desc), never the whole log.
      const logReads: URL[] = [];
      page.on("request", (r) => {
        const url = new URL(r.url());
        if (url.pathname === `/stores/${storeId}/events`) logReads.push(url);
      });
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
      const table = page.getByRole("table", { name: "Events" });
      await expect(table.getByRole("row")).toHaveCount(PAGE + 1);
      expect(await shownSequences(page)).toEqual(range(newest, newest - PAGE + 1));
      const pager = page.getByRole("navigation", { name: "Pagination" });
      await expect(pager.getByRole("button", { name: "Previous page" })).toBeDisabled();
      await expect(pager).toContainText(`1–${PAGE}`);
      await expectAccessible(page, "event log");
      expect(logReads.length).toBeGreaterThan(0);
      for (const url of logReads) {
        expect([url.searchParams.get("order"), url.searchParams.get("limit"), url.searchParams.get("cursor")]).toEqual(["desc", String(PAGE), null]);
      }

      await pager.getByRole("button", { name: "Next page" }).click();
      await expect(table.getByRole("row")).toHaveCount(newest - PAGE + 1);
      expect(await shownSequences(page)).toEqual(range(newest - PAGE, 1));
      await expect(pager).toContainText(`${PAGE + 1}–${newest}`);
      await expect(pager.getByRole("button", { name: "Next page" })).toBeDisabled();
      // The page is in the URL: a reload shows the same page.
      await page.reload();
      await expect(table.getByRole("row")).toHaveCount(newest - PAGE + 1);
      expect(await shownSequences(page)).toEqual(range(newest - PAGE, 1));
      await pager.getByRole("button", { name: "Previous page" }).click();
      await expect(table.getByRole("row")).toHaveCount(PAGE + 1);
      expect(await shownSequences(page)).toEqual(range(newest, newest - PAGE + 1));
    });

    await test.step("Event type and Resource id filter the log", async () => {
      await page.getByRole("combobox", { name: "Event type" }).selectOption("products.created");
      const table = page.getByRole("table", { name: "Events" });
      await expect(table.getByRole("row")).toHaveCount(3);
      await expect(table.getByRole("row").nth(1)).toContainText(capId);
      await expect(table.getByRole("row").nth(2)).toContainText(mugId);
      await expect(page.getByRole("navigation", { name: "Pagination" }).getByRole("button", { name: "Next page" })).toBeDisabled();
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

    await test.step("the Deliveries tab shows each delivery's sequence, from the list alone", async () => {
      await expect
        .poll(async () => (await (await request.get(`/stores/${storeId}/webhooks/${hook.id}/deliveries`, { headers: auth })).json()).data.length, {
          timeout: 20_000,
        })
        .toBe(2);
      const deliveryReads: string[] = [];
      page.on("request", (r) => {
        if (/\/webhooks\/[^/]+\/deliveries\/[^/?]+$/.test(new URL(r.url()).pathname)) deliveryReads.push(r.url());
      });
      await page.goto(`/admin/webhooks/${hook.id}`);
      await page.getByRole("tab", { name: "Deliveries" }).click();
      const table = page.getByRole("table", { name: "Deliveries" });
      await expect(table.getByRole("columnheader", { name: "Sequence" })).toBeVisible();
      // The second column (after Event) is the sequence of each delivery's event, newest delivery first.
      const sequences = () => table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => r.querySelectorAll("td")[1]?.textContent ?? ""));
      await expect.poll(sequences).toEqual([String(capCreated.sequence), String(mugCreated.sequence)]);
      // No delivery was read one by one to show it.
      expect(deliveryReads).toEqual([]);
      await expectAccessible(page, "deliveries with sequence");
    });
  } finally {
    await receiver.close();
  }
  expect(foreign).toEqual([]);
});

/** At 390 x 844: the Events screen, an event's payload and the Deliveries tab with their sequences. */
async function onAPhone(page: Page, request: APIRequestContext, hookUrl: string) {
  const { storeId, auth } = await signedInAdmin(page, request, "A phone shop for events with a long name");
  const hooked = await request.post(`/stores/${storeId}/webhooks`, {
    headers: auth,
    data: { url: hookUrl, events: ["products.created"], secret: "a-signing-secret-0123" },
  });
  expect(hooked.status()).toBe(201);
  const hook = (await hooked.json()).data[0];
  await makeProduct(request, storeId, auth, "A teapot with a rather long title for a small screen");
  await makeCustomers(request, storeId, auth, 2);
  const fits = async (screen: string) => {
    await page.waitForLoadState("networkidle");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${screen} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, `${screen} (phone)`);
  };

  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Events" }).getByRole("row")).toHaveCount(4);
  await fits("event log");
  await page.getByRole("button", { name: "Payload of event 1" }).click();
  await expect(page.getByRole("dialog", { name: "Event 1: products.created" })).toBeVisible();
  await fits("event payload");
  await page.getByRole("dialog", { name: "Event 1: products.created" }).getByRole("button", { name: "Close" }).click();

  await page.goto(`/admin/webhooks/${hook.id}`);
  await page.getByRole("tab", { name: "Deliveries" }).click();
  await expect(page.getByRole("table", { name: "Deliveries" }).getByRole("row")).toHaveCount(2);
  await fits("deliveries with sequence");
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("the event log, its payload and the Deliveries tab fit 390 px", async ({ page, request }) => {
    const receiver = await failingReceiver(RECEIVER_PORT, "events receiver: 500");
    try {
      await onAPhone(page, request, `${receiver.url}/a-rather-long-path/for-the-webhooks-of-this-store`);
    } finally {
      await receiver.close();
    }
  });
});
