import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { signInAsAdmin } from "./support/admin";
import { desktop, launchBrowser, openContext, phone } from "./support/browser";

// The Content-Security-Policy (securityHeaders in app/server/http/app.server.ts) allows everything the
// shop really does: no violation on the main pages and their interactions, storefront and admin.

const product = demoProducts.find((p) => !p.variants && p.inStock && p.images.length > 0)!;
const category = product.category;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Collects CSP violations: the DOM's securitypolicyviolation events and Chromium's console reports. */
async function watch(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__cspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __cspViolation(text: string): void }).__cspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} on ${location.pathname}`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self' 'nonce-");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

describe("Content-Security-Policy in a real browser", () => {
  it("reports no violation on the storefront: home, category, cart drawer, product zoom and share modal, cart", async () => {
    const { context, page, pageErrors } = await openContext(browser, desktop);
    const violations = await watch(page);
    await visit(page, "/");
    await visit(page, `/categories/${category}`);
    await page.getByTestId("add-to-cart").first().click();
    await page.getByTestId("cart-button").first().click();
    await page.getByTestId("cart-drawer").waitFor();
    await visit(page, `/products/${product.slug}`);
    const box = (await page.getByTestId("gallery-main").boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.6);
    await expect.poll(() => page.getByTestId("magnifier").count()).toBe(1);
    await page.getByTestId("share-widget").first().getByTestId("share-qr").click();
    const modal = page.getByTestId("share-modal");
    await modal.waitFor();
    await expect.poll(() => modal.getByTestId("share-qr-image").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await visit(page, "/cart");
    await visit(page, "/contact");
    await visit(page, "/search?q=a");
    // Let late reports arrive.
    await page.waitForTimeout(300);
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("runs a page served from the page cache under its own nonce: with an ad's fbclid, and again after a 304", async () => {
    const path = `/categories/${category}`;
    const nonces: string[] = [];
    for (const click of ["IwAR0first", "IwAR0second"]) {
      // A fresh browser each time: nothing in its HTTP cache, so the second visit is the page cache's replay.
      const { context, page, pageErrors } = await openContext(browser, desktop);
      const violations = await watch(page);
      const response = await page.goto(`${path}?fbclid=${click}&utm_source=facebook`);
      const policy = response?.headers()["content-security-policy"] ?? "";
      nonces.push(/'nonce-([^']+)'/.exec(policy)?.[1] ?? "");
      if (click === "IwAR0second") expect(response?.headers()["x-cache"]).toMatch(/^(HIT|STALE)$/);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      // The address bar keeps the ad's parameters (the pixel reads them); the page is the cached one.
      expect(page.url()).toContain(`fbclid=${click}`);
      // A reload revalidates (ETag): a 304 keeps the page and the policy the browser has.
      await page.reload();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await page.getByTestId("add-to-cart").first().click();
      await page.waitForTimeout(300);
      expect(violations).toEqual([]);
      expect(pageErrors).toEqual([]);
      await context.close();
    }
    expect(nonces[0]).toBeTruthy();
    expect(nonces[1]).not.toBe(nonces[0]);
  });

  it("reports no violation in the phone zoom viewer", async () => {
    const { context, page } = await openContext(browser, phone);
    const violations = await watch(page);
    await visit(page, `/products/${product.slug}`);
    await page.getByTestId("gallery-main").locator("button").tap();
    await page.getByTestId("zoom-viewer").waitFor();
    await page.getByTestId("zoom-in").tap();
    await expect.poll(() => page.getByTestId("zoom-image").evaluate((img) => img.style.transform)).toBe("scale(1.5)");
    await page.waitForTimeout(300);
    expect(violations).toEqual([]);
    await context.close();
  });

  it("reports no violation in the admin area", async () => {
    const { context, page } = await openContext(browser, desktop);
    const violations = await watch(page);
    await signInAsAdmin(page);
    for (const path of [
      "/admin",
      "/admin/products",
      "/admin/inventory",
      "/admin/orders",
      "/admin/analytics",
      "/admin/collections",
      "/admin/delivery",
      "/admin/couriers",
    ]) {
      await visit(page, path);
    }
    // A product's edit page, and an order's page and delivery slip when the suite made one.
    await visit(page, `/admin/products/${product.id}`);
    const orderLink = page.locator('a[href^="/admin/orders/"]').first();
    await visit(page, "/admin/orders");
    const href = (await orderLink.count()) > 0 ? await orderLink.getAttribute("href") : null;
    if (href && /^\/admin\/orders\/\d+$/.test(href)) {
      await visit(page, href);
      await visit(page, `${href}/slip`);
    }
    await page.waitForTimeout(300);
    expect(violations).toEqual([]);
    await context.close();
  });
});
