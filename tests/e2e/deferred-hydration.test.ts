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

describe("a part of the page that hydrates late", () => {
  it("replays a tap on its button made while its code was still on the way (ar, phone)", async () => {
    const { context, page, pageErrors } = await openContext(browser, phone, "ar");
    // The widget's code is held back until the test lets it through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/ShareWidget-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/products/${product.slug}`);
    await hydrated(page);
    const widget = page.locator('[data-deferred]:has([data-testid="share-widget"])');
    expect(await widget.getAttribute("data-deferred")).toBe("");

    // The tap lands on the server's markup: nothing can answer it yet.
    await page.getByTestId("share-qr").click();
    expect(await page.getByTestId("share-modal").count()).toBe(0);

    release();
    const modal = page.getByTestId("share-modal");
    await modal.waitFor();
    expect(await modal.textContent()).toContain(ar.share.modal.title);
    expect(await widget.getAttribute("data-deferred")).toBe("hydrated");
    // Replayed once: closing the modal leaves it closed.
    await page.getByTestId("share-modal-close").click();
    await modal.waitFor({ state: "detached" });
    await page.waitForTimeout(300);
    expect(await modal.count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
