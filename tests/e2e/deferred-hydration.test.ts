import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import { hydrated, launchBrowser, openContext, phone } from "./support/browser";

// The product page's share widget hydrates after the page (its code is fetched once React has
// taken over: app/components/ui/deferHydration.tsx). A shopper on a slow network who taps one
// of its buttons in between must not be ignored: the tap is replayed once the widget is live.

const product = demoProducts.find((p) => !p.variants && p.inStock && p.slug)!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// Each step has its own bound, well under the test's, so a failure names the step.
const step = { timeout: 10_000 };

/** The product page on a phone in Arabic, hydrated, with the share widget's code held back. */
async function pageWithWidgetHeld() {
  const opened = await openContext(browser, phone, "ar");
  const { page } = opened;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/ShareWidget-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/products/${product.slug}`);
  await hydrated(page);
  const widget = page.locator('[data-deferred]:has([data-testid="share-widget"])');
  expect(await widget.getAttribute("data-deferred", step)).toBe("");
  return { ...opened, widget, release };
}

describe("a part of the page that hydrates late", () => {
  it("replays a tap on its button made while its code was still on the way (ar, phone)", async () => {
    const { context, page, pageErrors, widget, release } = await pageWithWidgetHeld();

    // The tap lands on the server's markup: nothing can answer it yet.
    await page.getByTestId("share-qr").click(step);
    expect(await page.getByTestId("share-modal").count()).toBe(0);

    release();
    const modal = page.getByTestId("share-modal");
    await modal.waitFor(step);
    expect(await modal.textContent()).toContain(ar.share.modal.title);
    expect(await widget.getAttribute("data-deferred")).toBe("hydrated");
    // Replayed once: closing the modal leaves it closed.
    await page.getByTestId("share-modal-close").click(step);
    await modal.waitFor({ state: "detached", ...step });
    await page.waitForTimeout(300);
    expect(await modal.count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("stays on screen when the page changes before its code arrives, and still answers the tap (ar, phone)", async () => {
    const { context, page, pageErrors, widget, release } = await pageWithWidgetHeld();

    // Adding to the cart updates the page (the cart and the button's label) while the widget
    // waits for its code: React then renders the widget from scratch, and it must not blink out.
    await page.getByTestId("add-to-cart").click(step);
    await page.getByTestId("add-to-cart").filter({ hasText: ar.catalog.card.added }).waitFor(step);
    expect(await page.getByTestId("share-qr").isVisible()).toBe(true);
    expect(await widget.getByRole("heading").textContent()).toBe(ar.share.full.title);

    await page.getByTestId("share-qr").click(step);
    release();
    const modal = page.getByTestId("share-modal");
    await modal.waitFor(step);
    expect(await modal.textContent()).toContain(ar.share.modal.title);
    expect(await widget.getAttribute("data-deferred")).toBe("hydrated");
    expect(await page.getByTestId("share-widget").count()).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe("the product page's order form while its code is on the way", () => {
  it("keeps what the shopper typed when the page changes meanwhile (ar, phone)", async () => {
    const { context, page, pageErrors } = await openContext(browser, phone, "ar");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/ProductOrderForm-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // The cards' quick-buy lands here: the form is open from the first paint.
    await page.goto(`/products/${product.slug}#order`);
    await hydrated(page);
    const form = page.locator('[data-deferred]:has(input[name="firstName"])');
    expect(await form.getAttribute("data-deferred", step)).toBe("");

    await form.locator('input[name="firstName"]').fill("سارة", step);
    await form.locator('input[name="phone"]').fill("0661234567", step);
    await page.getByTestId("add-to-cart").click(step);
    await page.getByTestId("add-to-cart").filter({ hasText: ar.catalog.card.added }).waitFor(step);
    expect(await form.locator('input[name="firstName"]').inputValue()).toBe("سارة");
    expect(await form.locator('input[name="firstName"]').isVisible()).toBe(true);

    release();
    await page.locator('[data-deferred="hydrated"]:has(input[name="firstName"])').waitFor(step);
    expect(await form.locator('input[name="firstName"]').inputValue()).toBe("سارة");
    expect(await form.locator('input[name="phone"]').inputValue()).toBe("0661234567");
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
