import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAsAdmin } from "./support/admin";
import { launchBrowser, openContext } from "./support/browser";
import { withDb } from "./support/db";
import { ORDERS_PER_PAGE } from "~/server/orders/index.server";

// The admin on a 360 px phone, in Arabic then French: the orders list, an order's page and the
// dashboard never scroll sideways, long names and numbers wrap, and every control of the page is
// a tap target of at least 44 × 44 px (links inside a sentence excepted, as WCAG 2.5.8 allows).

const small = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true } as const;
const longName = "عبد_الرحمن_بن_محمد_الأمين_الطويل_جدا_بدون_مسافات";
const longTitle = "طقم أواني الطبخ من الغرانيت المقاوم للالتصاق مع غطاء زجاجي — إصدار العائلة الكبيرة 12 قطعة";
let browser: Browser;
let orderId = 0;
let extraOrderIds: number[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  orderId = await withDb(async (db) => {
    const now = new Date().toISOString();
    const { id } = await db
      .insertInto("orders")
      .values({
        order_number: `SQ-PHONE-${Date.now()}`,
        source: "cart_page",
        status: "new",
        first_name: longName,
        last_name: "Benaissa-Abdelkader-Boumediene",
        phone: "0551999360",
        wilaya_code: "16",
        address: "Cité des 1200 logements, bâtiment 14, escalier B, appartement 1234567890",
        items_total: 1_001_000,
        delivery_price: 600,
        total: 1_001_600,
        ref: "un-lien-de-partage-tres-long-pour-instagram-2026",
        ip: "127.0.0.1",
        user_agent: null,
        idempotency_key: null,
        phone_flagged: true,
        confirmation_token: randomBytes(16).toString("base64url"),
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("order_items")
      .values([
        {
          order_id: id,
          position: 0,
          product_id: "phone-360-a",
          title: longTitle,
          unit_price: 38_900,
          compare_at_price: 0,
          quantity: 1,
          line_total: 38_900,
          offer_id: null,
          offer_label: null,
          variant_id: null,
          variant_label: "Gris anthracite / XXL",
          variant_sku: "SKU-GRANITE-FAMILY-XXL-000123456789",
        },
        {
          order_id: id,
          position: 1,
          product_id: "phone-360-b",
          title: "Produit",
          unit_price: 962_100,
          compare_at_price: 0,
          quantity: 1,
          line_total: 962_100,
          offer_id: null,
          offer_label: null,
          variant_id: null,
          variant_label: null,
          variant_sku: null,
        },
      ])
      .execute();
    // A page's worth of confirmed orders besides: the list then shows its selection boxes and its pagination.
    const extra = await db
      .insertInto("orders")
      .values(
        Array.from({ length: ORDERS_PER_PAGE }, (_, i) => ({
          order_number: `SQ-PHONE-${Date.now()}-${i}`,
          source: "cart_page" as const,
          status: "confirmed" as const,
          confirmation_state: "confirmed" as const,
          first_name: "سمير",
          last_name: "حداد",
          phone: `0551998${String(i).padStart(3, "0")}`,
          wilaya_code: "16",
          address: null,
          items_total: 1_000,
          delivery_price: 400,
          total: 1_400,
          ref: null,
          ip: "127.0.0.1",
          user_agent: null,
          idempotency_key: null,
          confirmation_token: randomBytes(16).toString("base64url"),
          created_at: now,
          updated_at: now,
        })),
      )
      .returning("id")
      .execute();
    extraOrderIds = extra.map((row) => row.id);
    return id;
  });
});

afterAll(async () => {
  await browser?.close();
  await withDb((db) =>
    db
      .deleteFrom("orders")
      .where("id", "in", [orderId, ...extraOrderIds])
      .execute(),
  );
});

/** The page's width beyond the viewport, and the controls of its main area smaller than 44 × 44 px. */
async function phoneProblems(page: Page) {
  return page.evaluate(() => {
    const tooSmall: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(
      "main a[href], main button, main select, main input:not([type=hidden]), main textarea, main summary",
    )) {
      // A check box or radio button is tapped through its label when it has one around it.
      const target = element.matches("input[type=checkbox], input[type=radio]") ? (element.closest("label") ?? element) : element;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === "hidden" || element.closest(".sr-only")) continue;
      // A link inside a sentence or a line of text is exempt (its line height is the text's).
      if (element.tagName === "A" && style.display === "inline" && !element.dataset.testid?.includes("link")) continue;
      if (box.height < 43.5 || box.width < 43.5)
        tooSmall.push(
          `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
    }
    return { scrollWidth: document.documentElement.scrollWidth, tooSmall };
  });
}

describe.each(["ar", "fr"] as const)("the admin on a 360 px phone (%s)", (language) => {
  it("lists, opens an order and shows the dashboard without sideways scroll, with 44 px tap targets", async () => {
    const { context, page, pageErrors } = await openContext(browser, small, language);
    try {
      await signInAsAdmin(page);
      for (const path of ["/admin/orders", `/admin/orders/${orderId}`, "/admin?period=30d", "/admin?period=today"]) {
        await page.goto(path);
        const problems = await phoneProblems(page);
        expect(problems.scrollWidth, `${path} width`).toBeLessThanOrEqual(360);
        expect(problems.tooSmall, `${path} tap targets`).toEqual([]);
      }

      // The order's lines are cards: each figure on its own line with its label, never run together.
      await page.goto(`/admin/orders/${orderId}`);
      const line = page.locator('[data-testid="order-line"][data-product-id="phone-360-a"]');
      const text = await line.innerText();
      expect(text).toContain(longTitle);
      expect(text.split("\n").length).toBeGreaterThanOrEqual(4);
      const cells = await line.locator("td").evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().top));
      expect(new Set(cells.map(Math.round)).size).toBe(cells.length);
      // The amount reads whole: "38" left of "900" on the screen, in both directions.
      const [thousands, units] = await line
        .locator("td")
        .nth(1)
        .evaluate((td) => {
          const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
          let node: Node | null;
          while ((node = walker.nextNode())) {
            const text = node.textContent ?? "";
            const at = text.indexOf("38");
            if (at < 0) continue;
            const left = (start: number, end: number) => {
              const range = document.createRange();
              range.setStart(node!, start);
              range.setEnd(node!, end);
              return range.getBoundingClientRect().left;
            };
            return [left(at, at + 2), left(at + 3, at + 6)];
          }
          return [0, 0];
        });
      expect(thousands).toBeLessThan(units!);

      // The dashboard counts the order and draws today's bars.
      await page.goto("/admin?period=today");
      expect(
        Number(await page.locator('[data-testid="dashboard-chart"] rect[data-series="orders"]').getAttribute("data-value")),
      ).toBeGreaterThanOrEqual(1);
      expect(await page.locator('[data-testid="dashboard-periods"] [aria-current="page"]').getAttribute("data-period")).toBe("today");
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
