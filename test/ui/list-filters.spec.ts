// A list's filters live in the URL (docs/admin.md "List state in the URL"), and the router commits a URL change in a
// React transition. A control must still show what was chosen at once: a ticked box stays ticked, and typing on a
// slow phone loses no character. Back still restores the URL's value.
import { expect, test } from "@playwright/test";
import { signedInAdmin, stockedProduct } from "./support";

test("filters show the choice at once: a ticked box, every typed character on a slow CPU; Back restores the URL's", async ({ page, request }) => {
  const { storeId, auth } = await signedInAdmin(page, request, "Filters shop");
  for (const [i, stock] of [3, 12, 7].entries()) await stockedProduct(request, storeId, auth, `Stool ${i}`, `STOOL-${i}`, stock);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Inventory" }).click();
  const levels = page.getByRole("table", { name: "Inventory" });
  await expect(levels.getByRole("row", { name: /Stool/ })).toHaveCount(3);
  const lowStock = page.getByRole("checkbox", { name: "Low stock" });
  // Read in the same task as the click: before the router's transition could render.
  const checkedWithTheClick = await lowStock.evaluate((box: HTMLInputElement) => {
    box.click();
    return box.checked;
  });
  expect(checkedWithTheClick).toBe(true);
  await expect(page).toHaveURL(/low=true/);
  await expect(levels.getByRole("row", { name: /Stool/ })).toHaveCount(1);
  await page.goBack();
  await expect(lowStock).not.toBeChecked();
  await expect(levels.getByRole("row", { name: /Stool/ })).toHaveCount(3);
  await page.goForward();
  await expect(lowStock).toBeChecked();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Products" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 30 });
  const search = page.getByRole("searchbox", { name: "Search products" });
  await search.pressSequentially("Stool 1");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await expect(search).toHaveValue("Stool 1");
  await expect(page).toHaveURL(/search=Stool(\+|%20)1/);
  await expect(page.getByRole("table", { name: "Products" }).getByRole("row", { name: /Stool/ })).toHaveCount(1);
});
