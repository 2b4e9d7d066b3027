import jsQR from "jsqr";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import { signInAsAdmin } from "./support/admin";
import { withDb } from "./support/db";
import { baseURL, desktop, launchBrowser, openContext, phone } from "./support/browser";

// Share links as a shopper and a merchant see them: a share link made on a product page, its QR code
// (decoded here), a visit through it (one click, even after a reload), an order, and the click
// and the conversion in the admin analytics. This file places 1 order (from 127.0.0.1).

const SHOPPER_USER_AGENT = "Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

const product = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity >= 30 && p.slug)!;

/** The text a QR image encodes, decoded from its pixels. */
async function decodeQr(image: Buffer): Promise<string | null> {
  const { data, info } = await sharp(image).flatten({ background: "#ffffff" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

const linkRow = (code: string) =>
  withDb((db) => db.selectFrom("tracking_links").select(["click_count", "conversion_count"]).where("link_code", "=", code).executeTakeFirstOrThrow());

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("share links", () => {
  it("makes a trackable link with a QR code on a product, counts one click per visitor and one conversion per order", async () => {
    // 1. The sharer opens the share modal on a product and reads the link.
    const sharer = await openContext(browser, phone);
    await sharer.page.goto(`/products/${product.slug}`);
    await sharer.page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const widget = sharer.page.getByTestId("share-widget");
    expect(await widget.textContent()).toContain(ar.share.full.title);
    await widget.getByTestId("share-qr").click();
    const modal = sharer.page.getByTestId("share-modal");
    await modal.waitFor();
    expect(await modal.textContent()).toContain(ar.share.modal.title);
    const input = modal.getByTestId("share-link-input");
    await expect.poll(() => input.inputValue()).toMatch(/\?ref=[A-Z0-9]{8}/);
    const link = await input.inputValue();
    expect(await input.getAttribute("readonly")).not.toBeNull();
    const url = new URL(link);
    expect(url.origin).toBe(baseURL());
    expect(url.pathname).toBe(`/products/${product.slug}`);
    const code = url.searchParams.get("ref")!;
    expect(code).toMatch(/^[A-Z0-9]{8}$/);

    // 2. The QR image of the modal is ours, 200×200, and both renderings encode exactly that link.
    const qr = modal.getByTestId("share-qr-image");
    expect(await qr.getAttribute("src")).toBe(`/qr/${code}.svg`);
    expect(await qr.getAttribute("width")).toBe("200");
    expect(await qr.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    const svgResponse = await fetch(`${baseURL()}/qr/${code}.svg`);
    expect(svgResponse.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(svgResponse.headers.get("Cache-Control")).toContain("public");
    expect(
      await decodeQr(
        await sharp(Buffer.from(await svgResponse.arrayBuffer()), { density: 150 })
          .png()
          .toBuffer(),
      ),
    ).toBe(link);
    const pngResponse = await fetch(`${baseURL()}/qr/${code}.png`);
    const png = Buffer.from(await pngResponse.arrayBuffer());
    const { width, height } = await sharp(png).metadata();
    expect([width, height]).toEqual([300, 300]);
    expect(await decodeQr(png)).toBe(link);
    expect((await fetch(`${baseURL()}/qr/ZZZZZZZZ.svg`)).status).toBe(404);
    expect(sharer.pageErrors).toEqual([]);
    await sharer.context.close();

    // 3. A friend opens the link in a fresh browser: the page renders, its canonical URL is clean,
    //    and a reload does not count a second click.
    expect(await linkRow(code)).toMatchObject({ click_count: 0, conversion_count: 0 });
    // A shopper's browser: headless Chromium names itself "HeadlessChrome", which counts as a bot.
    const friend = await openContext(browser, { ...desktop, userAgent: SHOPPER_USER_AGENT });
    const visit = await friend.page.goto(link);
    expect(visit?.status()).toBe(200);
    expect(await friend.page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${baseURL()}/products/${product.slug}`);
    await friend.page.reload();
    await friend.page.goto(link);
    expect(await linkRow(code)).toMatchObject({ click_count: 1 });

    // A bot following the same link is not counted; an unknown ref is ignored and the page still renders.
    const bot = await fetch(link, { headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } });
    expect(bot.status).toBe(200);
    expect((await fetch(`${baseURL()}/products/${product.slug}?ref=NOPE0000`)).status).toBe(200);
    expect(await linkRow(code)).toMatchObject({ click_count: 1 });

    // 4. The friend orders (the browser sends the referral cookies with the order).
    const placed = await friend.page.evaluate(
      async ({ productId }) => {
        const response = await fetch("/api/orders", {
          method: "POST",
          headers: { "Content-Type": "application/json", "Idempotency-Key": "e2e-tracking-order-1" },
          body: JSON.stringify({
            source: "cart_page",
            customer: { firstName: "Salim", lastName: "Haddad", phone: "0771 80 80 08", wilayaCode: "16" },
            items: [{ productId, quantity: 1 }],
          }),
        });
        return response.status;
      },
      { productId: product.id },
    );
    expect(placed).toBe(201);
    expect(await linkRow(code)).toMatchObject({ click_count: 1, conversion_count: 1 });
    expect(friend.pageErrors).toEqual([]);
    await friend.context.close();

    // 5. The merchant sees one click, one conversion and 100.0 % for that link.
    const merchant = await openContext(browser, desktop);
    await signInAsAdmin(merchant.page);
    await merchant.page.goto("/admin/analytics");
    expect(await merchant.page.locator("h1").textContent()).toContain("تحليلات الروابط");
    const row = merchant.page.locator(`[data-testid="analytics-link-row"][data-code="${code}"]`);
    const rowText = (await row.textContent()) ?? "";
    expect(rowText).toContain(code);
    expect(rowText).toContain("100.0%");
    expect(rowText).toContain(product.title);
    const cells = await row.locator("td").allTextContents();
    expect(cells.map((cell) => cell.trim())).toEqual(expect.arrayContaining(["1"]));
    expect(await merchant.page.locator('[data-testid="analytics-card"][data-metric="links"]').count()).toBe(1);
    expect(await merchant.page.getByTestId("analytics-chart").count()).toBe(1);
    expect(merchant.pageErrors).toEqual([]);
    await merchant.context.close();
  }, 60_000); // Three browsers and a whole order (wilaya, commune, address): more than the default 30 s on a busy machine.
});
