import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { jewelleryCatalogue } from "~/data/jewellery-catalogue";
import { bundlePrice } from "~/lib/jewellery";
import { PIXEL_SCRIPT_URL } from "~/lib/pixel-loader";
import { startServer, type RunningServer } from "../support/production-server";
import { hydrated, launchBrowser, phone } from "./support/browser";

// The Meta Pixel's events as a shopper makes them on a phone in Arabic, on a shop started here
// with META_PIXEL_ID. Meta's script is never fetched: its address answers a fake that plays what
// the real one does (it takes over the stub's queue, then receives the calls) and records every
// call in window.__pixelCalls. The contact page's script is held back, so its events are fired
// while the pixel is still loading: none may be lost.

const PIXEL_ID = "123456789";
const EMAIL = "shop@souq.test";
const car = demoProducts.find((p) => p.slug === "sport-remote-control-car")!;
const blue = car.variants!.variants.find((v) => v.values[0] === "Blue")!;
const jewel = jewelleryCatalogue.find((item) => item.stockQuantity >= 3)!;

const FAKE_PIXEL = `(() => {
  const fbq = window.fbq;
  const calls = (window.__pixelCalls = []);
  calls.push(...fbq.queue.splice(0));
  fbq.callMethod = (...args) => calls.push(args);
})();`;

type Call = [string, ...unknown[]];
const calls = (page: Page) => page.evaluate(() => (window as unknown as { __pixelCalls?: Call[] }).__pixelCalls ?? null);
const tracked = async (page: Page) => ((await calls(page)) ?? []).filter(([method]) => method === "track");

/** Answers the pixel's script with the fake, at once or when `release` is called. */
async function fakePixel(page: Page, { held = false } = {}) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const asked = new Promise<void>((resolve) => (requested = resolve));
  await page.route(PIXEL_SCRIPT_URL, async (route: Route) => {
    requested();
    if (held) await released;
    await route.fulfill({ status: 200, contentType: "application/javascript", body: FAKE_PIXEL });
  });
  return { asked, release };
}

let dir: string;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-e2e-pixel-"));
  server = await startServer(join(dir, "shop.db"), { LOG_LEVEL: "warn", META_PIXEL_ID: PIXEL_ID, SHOP_EMAIL: EMAIL });
  browser = await launchBrowser();
  context = await browser.newContext({ ...phone, baseURL: server.baseURL });
  await context.addCookies([{ name: "lng", value: "ar", url: server.baseURL }]);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("Meta Pixel events (390×844, Arabic)", () => {
  it("contact page: ViewContent, and Schedule on the consultation link, both fired before the script arrived, sent once it runs", async () => {
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    const script = await fakePixel(page, { held: true });
    await page.goto("/contact");
    await hydrated(page);
    await script.asked;

    // The script is on its way: the tap is taken, nothing reaches a pixel yet.
    const link = page.getByTestId("consultation-link");
    expect(await link.getAttribute("href")).toMatch(/^mailto:shop@souq\.test\?subject=/);
    await link.click();
    expect(await calls(page)).toBeNull();

    script.release();
    await expect.poll(() => tracked(page)).toHaveLength(3);
    expect(await calls(page)).toEqual([
      ["init", PIXEL_ID],
      ["track", "PageView"],
      ["track", "ViewContent", { content_name: "contact" }],
      ["track", "Schedule"],
    ]);

    // Once the pixel runs, a tap goes at once.
    await link.click();
    await expect.poll(async () => (await tracked(page)).at(-1)).toEqual(["track", "Schedule"]);
    expect(await tracked(page)).toHaveLength(4);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it("product page: CustomizeProduct on an option value and on the quantity, once their deferred code is live", async () => {
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await fakePixel(page);
    await page.goto(`/products/${car.slug}`);
    await hydrated(page);
    await expect
      .poll(() => tracked(page))
      .toEqual([
        ["track", "PageView"],
        ["track", "ViewContent", { content_ids: [car.id], content_type: "product", content_name: car.title, value: car.price, currency: "DZD" }],
      ]);

    // The pickers' code comes after the page's first load (before, their links navigate).
    await page.locator("[data-testid=variant-picker][data-hydrated=true]").waitFor();
    await page.getByTestId("option-value").and(page.locator('[aria-label="أزرق"]')).click();
    await expect
      .poll(async () => (await tracked(page)).at(-1))
      .toEqual([
        "track",
        "CustomizeProduct",
        { content_ids: [blue.sku], content_type: "product", contents: [{ id: blue.sku, quantity: 1 }], value: blue.price, currency: "DZD" },
      ]);

    await page.getByTestId("buy-now").click();
    await page.locator('[data-deferred="hydrated"]:has([data-testid="order-quantity"])').waitFor({ state: "attached" });
    await page.getByTestId("order-quantity").selectOption("3");
    await expect
      .poll(async () => (await tracked(page)).at(-1))
      .toEqual([
        "track",
        "CustomizeProduct",
        { content_ids: [blue.sku], content_type: "product", contents: [{ id: blue.sku, quantity: 3 }], value: blue.price! * 3, currency: "DZD" },
      ]);
    const events = (await tracked(page)).map(([, event]) => event);
    expect(events.filter((event) => event === "CustomizeProduct")).toHaveLength(2);
    expect(events).toContain("InitiateCheckout");
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it("jewellery page: CustomizeProduct on a bundle choice, with its pieces and its price", async () => {
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await fakePixel(page);
    await page.goto(`/jewellery/${jewel.id}`);
    await hydrated(page);
    await expect.poll(async () => (await tracked(page)).length).toBeGreaterThan(0);
    await page.locator('[data-testid="bundle-option"][data-bundle="double"] input').check();
    const double = bundlePrice("double", { price: jewel.price, compareAtPrice: jewel.originalPrice });
    await expect
      .poll(async () => (await tracked(page)).at(-1))
      .toEqual([
        "track",
        "CustomizeProduct",
        {
          content_ids: [jewel.productId],
          content_type: "product",
          contents: [{ id: jewel.productId, quantity: 2 }],
          value: double.price,
          currency: "DZD",
        },
      ]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
