import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import ar from "~/i18n/ar";
import { formatDinars } from "~/lib/money";
import { UTF8_BOM } from "~/lib/csv";
import { adminCookie, signInAsAdmin } from "./support/admin";
import { baseURL, launchBrowser, openContext } from "./support/browser";

// This file places 1 order (the e2e server keeps the default rate limits).

const texts = ar.adminOrdersPrint;
const [first, second] = demoProducts.filter((p) => !p.variants && p.inStock && p.stockQuantity >= 20);
/** Where the slip's PNG and PDF are written, to look at. */
export const SLIP_ARTIFACTS = join(tmpdir(), "souq-e2e-slip");

let browser: Browser;
let placed: { orderNumber: string; total: number };

beforeAll(async () => {
  browser = await launchBrowser();
  const response = await fetch(`${baseURL()}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL(), "Idempotency-Key": `e2e-slip-${Date.now()}` },
    body: JSON.stringify({
      source: "cart_page",
      customer: {
        firstName: "أمين",
        lastName: "بن علي",
        phone: "0661778899",
        wilayaCode: "31",
        address: "حي السلام، عمارة 12، الطابق الثالث، بجانب المسجد",
      },
      items: [
        { productId: first!.id, quantity: 2 },
        { productId: second!.id, quantity: 1 },
      ],
    }),
  });
  expect(response.status).toBe(201);
  placed = (await response.json()) as { orderNumber: string; total: number };
  await mkdir(SLIP_ARTIFACTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe("the printable delivery slip", () => {
  it("shows the QR code and the cash-on-delivery amount, prints on one A6 page", async () => {
    // A6 at 96 px per inch: 105 × 148 mm is 397 × 559 px.
    const { context, page, pageErrors } = await openContext(browser, { viewport: { width: 397, height: 559 }, deviceScaleFactor: 2 });
    try {
      await signInAsAdmin(page);
      const response = await page.goto(`/admin/orders/${placed.orderNumber}/slip`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["cache-control"]).toContain("no-store");
      const slip = page.locator('[data-testid="order-slip"]');
      await slip.waitFor();
      // Without the admin chrome.
      expect(await page.locator('[data-testid="admin-tabs"]').count()).toBe(0);

      const qr = page.locator('[data-testid="slip-qr"] svg');
      expect(await qr.count()).toBe(1);
      expect(await qr.locator("path").count()).toBeGreaterThan(0);
      expect(await page.locator('[data-testid="slip-order-number"]').textContent()).toBe(placed.orderNumber);
      const cod = (await page.locator('[data-testid="slip-cod"]').textContent()) ?? "";
      expect(cod).toContain(formatDinars(placed.total, "ar"));
      expect(cod).toContain(texts.slip.cod);
      expect(await slip.textContent()).toContain("وهران");
      expect(await slip.textContent()).toContain(`${first!.title}`);

      // The print button is there on screen, hidden in print.
      const print = page.locator('[data-testid="slip-print"]');
      expect(await print.isVisible()).toBe(true);
      await page.emulateMedia({ media: "print" });
      expect(await print.isVisible()).toBe(false);
      const png = await slip.screenshot({ type: "png" });
      await writeFile(join(SLIP_ARTIFACTS, "slip.png"), png);
      const size = pngSize(png);
      // 93 × 134 mm (A6 less the 6 mm margins, 2 mm to spare) at 2 device pixels per CSS pixel.
      expect(Math.abs(size.width - Math.round((93 / 25.4) * 96 * 2))).toBeLessThanOrEqual(4);
      expect(Math.abs(size.height - Math.round((134 / 25.4) * 96 * 2))).toBeLessThanOrEqual(4);

      // Still in print media: page.pdf prints with the emulated media, as a browser prints.
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      await writeFile(join(SLIP_ARTIFACTS, "slip.pdf"), pdf);
      const text = pdf.toString("latin1");
      expect(text.startsWith("%PDF-")).toBe(true);
      expect(text.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
      // A6 is 297.6 × 419.5 pt.
      const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(text);
      expect(Math.round(Number(box?.[1]))).toBe(298);
      expect(Math.round(Number(box?.[2]))).toBe(420);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("answers 404 for an unknown order", async () => {
    const response = await fetch(`${baseURL()}/admin/orders/SQ-999999/slip`, { headers: { Cookie: await adminCookie() } });
    expect(response.status).toBe(404);
  });
});

describe("the orders CSV export", () => {
  it("downloads the filtered orders with a BOM, the header and the order's row", async () => {
    const response = await fetch(`${baseURL()}/admin/orders.csv?wilaya=31&q=${placed.orderNumber}`, {
      headers: { Cookie: await adminCookie() },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      [
        texts.csv.orderNumber,
        texts.csv.date,
        texts.csv.localDate,
        texts.csv.status,
        texts.csv.source,
        texts.csv.customer,
        texts.csv.phone,
        texts.csv.wilaya,
        texts.csv.commune,
        texts.csv.deliveryType,
        texts.csv.stopDesk,
        texts.csv.items,
        texts.csv.itemsTotal,
        texts.csv.delivery,
        texts.csv.total,
      ].join(","),
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]!.startsWith(`${placed.orderNumber},`)).toBe(true);
    expect(lines[1]).toContain("أمين بن علي,0661778899,31 - وهران");
    expect(lines[1]).toContain(`${first!.title} × 2; ${second!.title} × 1`);
    expect(lines[1]!.endsWith(`,${placed.total}`)).toBe(true);
  });

  it("counts the new orders for the orders tab's badge", async () => {
    const response = await fetch(`${baseURL()}/admin/orders/new-count`, { headers: { Cookie: await adminCookie(), Accept: "application/json" } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { count: number };
    expect(body.count).toBeGreaterThanOrEqual(1);
  });
});
