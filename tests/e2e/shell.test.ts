import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CART_STORAGE_KEY } from "~/lib/cart";
import { launchBrowser, openContext, phone } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Page = import("playwright-core").Page;

const htmlAttributes = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

/** Clicks the language button and waits for the page it posts back to (same URL) to load. */
async function switchLanguage(page: Page): Promise<void> {
  const path = new URL(page.url()).pathname;
  const before = (await htmlAttributes(page)).lang;
  await Promise.all([
    page.waitForResponse((response) => response.request().resourceType() === "document" && new URL(response.url()).pathname === path),
    page.getByTestId("language-button").click(),
  ]);
  // The response can arrive before the old page is replaced: wait for the new document itself
  // (waitForFunction survives the navigation; a plain evaluate could run in the dying page).
  await page.waitForFunction((previous) => document.documentElement.lang !== previous, before);
  await page.waitForLoadState("load");
}

describe("global shell in a real browser", () => {
  it("renders Arabic right-to-left by default, then cycles ar → en → fr → ar, and the choice survives a reload", async () => {
    const { context, page, pageErrors } = await openContext(browser);
    await page.goto("/about");
    expect(await htmlAttributes(page)).toEqual({ lang: "ar", dir: "rtl" });
    await expect.poll(() => page.locator("nav a", { hasText: "الرئيسية" }).count()).toBeGreaterThan(0);

    await switchLanguage(page);
    expect(page.url()).toMatch(/\/about$/);
    expect(await htmlAttributes(page)).toEqual({ lang: "en", dir: "ltr" });
    expect(await page.locator("h1").first().textContent()).toBe("About us");

    await switchLanguage(page);
    expect(await htmlAttributes(page)).toEqual({ lang: "fr", dir: "ltr" });
    await expect.poll(() => page.getByRole("link", { name: "Accueil" }).count()).toBeGreaterThan(0);

    await page.reload();
    expect(await htmlAttributes(page)).toEqual({ lang: "fr", dir: "ltr" });
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "lng")?.value).toBe("fr");

    await switchLanguage(page);
    expect(await htmlAttributes(page)).toEqual({ lang: "ar", dir: "rtl" });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("hides the cart badge at zero and shows the saved cart's item count", async () => {
    const { context, page, pageErrors } = await openContext(browser);
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await page.getByTestId("cart-count").count()).toBe(0);
    expect(await page.getByTestId("cart-button").getAttribute("aria-label")).toBe("السلة فارغة");

    const line = { id: "p1", title: "Kettle", titleAr: "غلاية", description: "", descriptionAr: "", price: 2500, image: "", quantity: 2 };
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
      CART_STORAGE_KEY,
      JSON.stringify([line, { ...line, id: "p2", quantity: 1 }]),
    ] as const);
    await page.reload();
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("3");
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("ignores a corrupted saved cart (badge hidden, error logged)", async () => {
    const { context, page } = await openContext(browser);
    const consoleErrors: string[] = [];
    page.on("console", (message) => message.type() === "error" && consoleErrors.push(message.text()));
    await page.goto("/");
    await page.evaluate((key) => window.localStorage.setItem(key, "{broken"), CART_STORAGE_KEY);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect.poll(() => consoleErrors.some((text) => text.includes("[cart]"))).toBe(true);
    expect(await page.getByTestId("cart-count").count()).toBe(0);
    await context.close();
  });

  it("opens and closes the mobile menu on a phone", async () => {
    const { context, page, pageErrors } = await openContext(browser, phone);
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const nav = page.locator("#main-nav");
    expect(await nav.isVisible()).toBe(false);
    await page.getByTestId("menu-toggle").click();
    expect(await nav.isVisible()).toBe(true);
    expect(await page.getByTestId("menu-toggle").getAttribute("aria-expanded")).toBe("true");
    await page.getByTestId("menu-toggle").click();
    expect(await nav.isVisible()).toBe(false);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("marks Categories active on any /categories path", async () => {
    const { context, page } = await openContext(browser);
    await page.goto("/categories/toys");
    const categories = page.locator("#main-nav a", { hasText: "التصنيفات" });
    expect(await categories.getAttribute("aria-current")).toBe("page");
    expect(await page.locator("#main-nav a", { hasText: "الرئيسية" }).getAttribute("aria-current")).toBeNull();
    await context.close();
  });

  it("links the footer to every static page and the legal notice, and to no social site's home page", async () => {
    const { context, page } = await openContext(browser);
    await page.goto("/");
    const hrefs = await page.locator("footer a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    for (const path of ["/about", "/payment-methods", "/shipping", "/terms", "/returns", "/privacy", "/legal", "/contact", "/faq"]) {
      expect(hrefs).toContain(path);
    }
    // Social links only once the merchant set them (tests/e2e/shop-settings.test.ts): a page, never a home page.
    for (const href of hrefs.filter((href) => href?.startsWith("https://"))) {
      expect(new URL(href!).pathname.replace(/\/+$/, ""), href!).not.toBe("");
    }
    await context.close();
  });
});
