import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import { signInAsAdmin } from "./support/admin";
import { hydrated, launchBrowser, openContext, openPage, phone } from "./support/browser";
import { fillNames } from "./support/order";

// A form refused for its fields says so once, at its top, in the generic words ("enter the data
// correctly") read out as an alert, while each field keeps its own reason beside it: an order
// form on a phone in Arabic (with and without JavaScript) and an admin form in French. Nothing
// here is accepted: no order is stored, no setting saved.

const product = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity >= 20 && p.slug)!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The text a field's aria-describedby names (its error, beside it). */
async function errorBeside(page: Page, field: Locator) {
  expect(await field.getAttribute("aria-invalid")).toBe("true");
  const describedBy = (await field.getAttribute("aria-describedby"))!;
  return page.locator(`[id="${describedBy.split(" ").at(-1)}"]`).textContent();
}

/** The form's first visible element is the summary: above every field, on screen order. */
async function expectSummaryFirst(form: Locator, summary: Locator) {
  const firstShown = await form.evaluate((element) => {
    const shown = [...element.children].find((child) => child instanceof HTMLElement && child.offsetHeight > 0);
    return shown?.getAttribute("data-testid") ?? shown?.tagName ?? null;
  });
  expect(firstShown).toBe(await summary.getAttribute("data-testid"));
  const summaryBox = (await summary.boundingBox())!;
  const firstInput = (await form.locator("input:not([type=hidden]), select, textarea").first().boundingBox())!;
  expect(summaryBox.y + summaryBox.height).toBeLessThanOrEqual(firstInput.y);
}

describe("the generic message at the top of a refused form", () => {
  it("product page order form on a phone in Arabic: the generic alert at the top, the phone's reason beside the phone", async () => {
    const { context, page, pageErrors } = await openPage(browser, `/products/${product.slug}`, "ar");
    await page.getByTestId("buy-now").first().click();
    const slot = page.getByTestId("order-slot");
    const form = slot.locator("form");
    expect(await form.getByRole("alert").count(), "nothing before a submit").toBe(0);
    await fillNames(slot, "12345", { firstName: "ليلى", lastName: "مرابط" });
    await slot.getByTestId("order-submit").click();

    const summary = form.getByTestId("order-invalid");
    await summary.waitFor();
    expect(await summary.getAttribute("role")).toBe("alert");
    expect(await summary.getByTestId("form-errors-message").textContent()).toBe(ar.forms.invalid);
    expect(await summary.textContent()).toContain(ar.order.invalidTitle);
    await expectSummaryFirst(form, summary);
    expect(await errorBeside(page, form.locator('input[name="phone"]'))).toBe(ar.orders.fields.invalid_phone);
    // One alert for the refusal: no second banner by the submit button.
    expect(await form.locator('[data-testid="order-error"]').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("the same form without JavaScript: the server's answer to the plain post carries the generic message at the top", async () => {
    const { context, page } = await openPage(browser, `/products/${product.slug}#order`, "ar", { javaScript: false });
    const slot = page.getByTestId("order-slot");
    await fillNames(slot, "12345", { firstName: "ليلى", lastName: "مرابط" });
    await slot.locator('select[name="wilaya"]').selectOption("09");
    await slot.getByTestId("order-submit").click();
    await page.waitForLoadState();

    const form = slot.locator("form");
    const summary = form.getByTestId("order-invalid");
    expect(await summary.getAttribute("role")).toBe("alert");
    expect(await summary.getByTestId("form-errors-message").textContent()).toBe(ar.forms.invalid);
    await expectSummaryFirst(form, summary);
    expect(await errorBeside(page, form.locator('input[name="phone"]'))).toBe(ar.orders.fields.invalid_phone);
    await context.close();
  });

  it("admin settings form in French: the generic alert at the top of the form, the phone's reason beside it", async () => {
    const { context, page, pageErrors } = await openContext(browser, { ...phone }, "fr");
    await signInAsAdmin(page);
    await page.goto("/admin/settings");
    await hydrated(page);
    const form = page.getByTestId("settings-form");
    expect(await form.getByTestId("form-errors").count(), "nothing before a submit").toBe(0);

    await page.locator('input[name="phone"]').fill("0550");
    await page.getByTestId("settings-save").click();
    await page.getByTestId("settings-phone-error").waitFor();

    const summary = form.getByTestId("form-errors");
    expect(await summary.getAttribute("role")).toBe("alert");
    expect(await summary.getByTestId("form-errors-message").textContent()).toBe(fr.forms.invalid);
    // The page's own notice is carried by the summary: the refusal is said once.
    expect(await summary.textContent()).toContain(fr.settings.admin.invalid);
    expect(await page.getByTestId("settings-notice").count()).toBe(0);
    await expectSummaryFirst(form, summary);
    expect(await page.getByTestId("settings-phone-error").textContent()).toBe(fr.settings.errors.phone);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
