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
    // waits for its code: the widget must stay as the server wrote it, not blink out.
    const serverButton = await page.getByTestId("share-qr").elementHandle(step);
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
    // Hydrated where it stood: the button tapped is the server's own, not a new one.
    expect(await serverButton!.evaluate((button) => button.isConnected)).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("opens when buy-now is tapped before its code arrives, once that code is there (ar, phone)", async () => {
    const { context, page, pageErrors } = await openContext(browser, phone, "ar");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/ProductOrderForm-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/products/${product.slug}`);
    await hydrated(page);
    const firstName = page.locator('[data-deferred] input[name="firstName"]');
    expect(await firstName.count()).toBe(1);
    expect(await firstName.isVisible()).toBe(false);

    await page.getByTestId("buy-now").click(step);
    expect(await page.getByTestId("buy-now").getAttribute("aria-expanded")).toBe("true");
    // The form's markup stays in the page meanwhile (it was not dropped to be rendered again).
    expect(await firstName.count()).toBe(1);

    release();
    await page.locator('[data-deferred="hydrated"]:has(input[name="firstName"])').waitFor(step);
    await firstName.waitFor({ state: "visible", ...step });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe("the product page's order form while its code is on the way", () => {
  /** The product page opened from a card's quick-buy (#order: the form shows from the first paint), its code held back. */
  async function orderFormHeld() {
    const opened = await openContext(browser, phone, "ar");
    const { page } = opened;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/ProductOrderForm-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/products/${product.slug}#order`);
    await hydrated(page);
    const form = page.locator('[data-deferred]:has(input[name="firstName"])');
    expect(await form.getAttribute("data-deferred", step)).toBe("");
    const live = page.locator('[data-deferred="hydrated"]:has(input[name="firstName"])');
    return { ...opened, form, live, release };
  }

  it("keeps what the shopper typed once its code is there (ar, phone)", async () => {
    const { context, form, live, pageErrors, release } = await orderFormHeld();
    await form.locator('input[name="firstName"]').fill("سارة", step);
    await form.locator('input[name="phone"]').fill("0661234567", step);

    release();
    await live.waitFor(step);
    expect(await form.locator('input[name="firstName"]').inputValue()).toBe("سارة");
    expect(await form.locator('input[name="phone"]').inputValue()).toBe("0661234567");
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("stays on screen with what was typed, before and after the page changed meanwhile (ar, phone)", async () => {
    const { context, page, form, live, pageErrors, release } = await orderFormHeld();
    await form.locator('input[name="firstName"]').fill("سارة", step);
    // Adding to the cart changes the cart's context above the form: React gives up hydrating it.
    await page.getByTestId("add-to-cart").click(step);
    await page.getByTestId("add-to-cart").filter({ hasText: ar.catalog.card.added }).waitFor(step);
    expect(await form.locator('input[name="firstName"]').inputValue(step)).toBe("سارة");
    expect(await form.locator('input[name="firstName"]').isVisible()).toBe(true);
    // Typed after that, in what stands in for the form meanwhile.
    await form.locator('input[name="phone"]').fill("0661234567", step);

    release();
    await live.waitFor(step);
    await expect.poll(() => form.locator('input[name="phone"]').inputValue(), step).toBe("0661234567");
    expect(await form.locator('input[name="firstName"]').inputValue()).toBe("سارة");
    expect(await page.locator('input[name="firstName"]').count()).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
