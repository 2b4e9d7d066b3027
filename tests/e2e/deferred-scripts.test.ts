import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { launchBrowser, openContext, phone } from "./support/browser";

// Decision 0018 (app/server/http/deferred-scripts.server.ts): a page's JavaScript is fetched once
// its main image is on screen, at the shopper's first tap or key if that comes sooner, and after
// DEFERRED_SCRIPTS_MAX_WAIT_MS at the latest; then the page hydrates as before.

const product = demoProducts.find((p) => !p.variants && p.inStock && p.images.length > 0)!;
const PRODUCT_PAGE = `/products/${product.slug}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const isScript = (url: string) => new URL(url).pathname.endsWith(".js");
const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === "true");

/** Holds every product image request unanswered: the main image never arrives. */
async function stallImages(page: Page): Promise<void> {
  await page.route("**/uploads/**", () => {
    /* never answered */
  });
}

/** Milliseconds since navigation of each script request, as the browser issues them. */
function recordScriptRequests(page: Page): number[] {
  const times: number[] = [];
  let navigationStart = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest()) navigationStart = Date.now();
    else if (isScript(request.url())) times.push(Date.now() - navigationStart);
  });
  return times;
}

/** The product page with its images held back, and the script requests it makes. */
async function openProductPageWithoutImages() {
  const { context, page, pageErrors } = await openContext(browser, phone);
  await stallImages(page);
  const scriptRequests = recordScriptRequests(page);
  await page.goto(PRODUCT_PAGE, { waitUntil: "domcontentloaded" });
  return { context, page, pageErrors, scriptRequests };
}

describe("the page's JavaScript waits for its main image", () => {
  it("starts fetching scripts only once the product's main image is on screen, then hydrates", async () => {
    const { context, page, pageErrors } = await openContext(browser, phone);
    await page.goto(PRODUCT_PAGE);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const timing = await page.evaluate(async () => {
      // Element Timing: when the image marked elementtiming="main-image" was presented.
      const shown = await new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntries().find((e) => (e as PerformanceEntry & { identifier: string }).identifier === "main-image");
          if (entry) resolve((entry as PerformanceEntry & { renderTime: number }).renderTime);
        }).observe({ type: "element", buffered: true });
      });
      const scripts = performance.getEntriesByType("resource").filter((entry) => new URL(entry.name).pathname.endsWith(".js"));
      return { shown, firstScript: Math.min(...scripts.map((entry) => entry.startTime)), scripts: scripts.length };
    });
    expect(timing.scripts).toBeGreaterThan(5);
    expect(timing.shown).toBeGreaterThan(0);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.shown);
    // The live module script replaced the inert one; the preloads are back in <head>.
    expect(await page.locator('script[type="text/souq-deferred-module"]').count()).toBe(0);
    expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(5);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("loads them at the shopper's first tap when the image has not arrived", async () => {
    const { context, page, pageErrors, scriptRequests } = await openProductPageWithoutImages();
    await page.waitForTimeout(1000);
    expect(scriptRequests, "scripts fetched before the image or a tap").toEqual([]);
    expect(await hydrated(page)).toBe(false);
    await page.getByRole("heading", { level: 1 }).tap();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(scriptRequests.length).toBeGreaterThan(5);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("loads them after 3 s at the latest when the image never arrives and nobody taps", async () => {
    const { context, page, pageErrors, scriptRequests } = await openProductPageWithoutImages();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 15_000 });
    expect(Math.min(...scriptRequests)).toBeGreaterThanOrEqual(2900);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
