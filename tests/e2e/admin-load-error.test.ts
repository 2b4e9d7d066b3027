import { sql } from "kysely";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import ar from "~/i18n/ar";
import { openDatabase } from "~/server/db/db.server";
import { signInAsAdmin } from "./support/admin";
import { desktop, launchBrowser, openContext } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Takes the product images table offline in the e2e server's database while `run` runs. */
async function withImagesTableOffline(run: () => Promise<void>): Promise<void> {
  const { db, close } = openDatabase(`file:${inject("databaseFile")}`);
  await sql`alter table product_images rename to product_images_offline`.execute(db);
  try {
    await run();
  } finally {
    await sql`alter table product_images_offline rename to product_images`.execute(db);
    await close();
  }
}

describe("admin lists when their data cannot be loaded", () => {
  it("show the load-error message inside the admin layout, and load again once the data is back", async () => {
    const { context, page } = await openContext(browser, desktop);
    await signInAsAdmin(page);
    const message = ar.adminInventory.common.loadError;
    expect(message).toBe("حدث خطأ في تحميل البيانات");

    await withImagesTableOffline(async () => {
      for (const path of ["/admin/inventory", "/admin/products"]) {
        await page.goto(path);
        const error = page.getByTestId("admin-load-error");
        await error.waitFor();
        expect(await error.getByRole("alert").textContent(), path).toBe(message);
        // Still inside the admin layout: its tabs are there.
        expect(await page.locator('a[href="/admin/orders"]').count(), path).toBeGreaterThan(0);
      }
    });

    await page.goto("/admin/inventory");
    expect(await page.getByTestId("admin-load-error").count()).toBe(0);
    await context.close();
  });
});
