import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import { hashPassword } from "~/server/auth/password.server";
import { signInAsAdmin } from "./support/admin";
import { baseURL, hydrated, launchBrowser, openContext, phone as phoneDevice } from "./support/browser";
import { withDb } from "./support/db";
import { phoneSeries } from "./support/order";

// A confirmer on a phone (390×844, Arabic) takes the next order from the call queue, logs "no
// answer", sets a call-back, later changes the commune and the quantity with the customer, then
// confirms; the owner sees every call and every edit with its author, and the dashboard counts the
// confirmation under the confirmer's name. Two confirmers taking the queue at once get two
// different orders.

const texts = ar.adminConfirmation;
const product = { id: "p8240000000001", slug: "e2e-queue-item", title: "منتج طابور الاختبار" };
const category = "e2e-queue";
const confirmer = { email: "confirmer-e2e@example.com", password: "queue-e2e-password-1", name: "سلمى المؤكِّدة" };
const secondConfirmer = { email: "confirmer2-e2e@example.com", password: "queue-e2e-password-2", name: "Karim" };
const nextPhone = phoneSeries("confirmation-queue");
const customerPhone = nextPhone("ar");
/** The two orders the confirmers race for, each from a phone of its own. */
const racePhones = [nextPhone("ar"), nextPhone("ar")];

let browser: Browser;
let orderId = 0;
let orderNumber = "";

beforeAll(async () => {
  browser = await launchBrowser();
  const now = new Date().toISOString();
  const passwordHash = await hashPassword(confirmer.password);
  const secondHash = await hashPassword(secondConfirmer.password);
  await withDb(async (db) => {
    await db.insertInto("categories").values({ slug: category, name: "طابور الاختبار", created_at: now }).execute();
    await db
      .insertInto("products")
      .values({
        id: product.id,
        slug: product.slug,
        title: product.title,
        price: 3000,
        category,
        in_stock: true,
        stock_quantity: 10,
        low_stock_threshold: 2,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto("admin_users")
      .values({
        email: confirmer.email,
        password_hash: passwordHash,
        role: "confirmer",
        name: confirmer.name,
        must_change_password: false,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto("admin_users")
      .values({
        email: secondConfirmer.email,
        password_hash: secondHash,
        role: "confirmer",
        name: secondConfirmer.name,
        must_change_password: false,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  const response = await fetch(`${baseURL()}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL() },
    body: JSON.stringify({
      source: "cart_page",
      items: [{ productId: product.id, quantity: 2 }],
      customer: { firstName: "نسيمة", lastName: "بوعلام", phone: customerPhone, wilayaCode: "16" },
    }),
  });
  expect(response.status).toBe(201);
  orderNumber = ((await response.json()) as { orderNumber: string }).orderNumber;
  // The oldest order waiting: the queue gives it first, whatever other suites left there.
  orderId = await withDb(async (db) => {
    const row = await db.selectFrom("orders").select("id").where("order_number", "=", orderNumber).executeTakeFirstOrThrow();
    await db.updateTable("orders").set({ created_at: "2001-01-01T00:00:00.000Z" }).where("id", "=", row.id).execute();
    return row.id;
  });
});

afterAll(async () => {
  await browser?.close();
  await withDb(async (db) => {
    await db.deleteFrom("orders").where("phone", "=", customerPhone).execute();
    await db.deleteFrom("orders").where("phone", "in", racePhones).execute();
    await db.deleteFrom("admin_users").where("email", "in", [confirmer.email, secondConfirmer.email]).execute();
    await db.deleteFrom("products").where("id", "=", product.id).execute();
    await db.deleteFrom("categories").where("slug", "=", category).execute();
  });
});

/** The page's width never exceeds the phone's (no horizontal scroll). */
const noHorizontalScroll = (page: import("playwright-core").Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("the call queue on a phone (Arabic)", () => {
  it("a confirmer takes the next order, logs no answer, sets a call-back, confirms; the owner sees the calls and their author", async () => {
    const { context, page, pageErrors } = await openContext(browser, phoneDevice, "ar");
    await page.goto("/admin/login?redirectTo=/admin/queue");
    await page.locator('input[name="email"]').fill(confirmer.email);
    await page.locator('input[name="password"]').fill(confirmer.password);
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/admin/queue"),
      page.locator('[data-testid="admin-login-form"] button[type="submit"]').click(),
    ]);
    await hydrated(page);
    await expect.poll(() => page.getByTestId("queue-empty").or(page.getByTestId("queue-card")).count()).toBe(1);

    // Whatever the agent held is let go; the oldest waiting order is the test's.
    await page.getByTestId("take-next").click();
    await expect.poll(() => page.getByTestId("queue-order-number").textContent()).toBe(orderNumber);
    expect(await page.getByTestId("queue-customer").textContent()).toContain("نسيمة");
    const tel = page.getByTestId("call-phone");
    expect(await tel.getAttribute("href")).toBe(`tel:${customerPhone}`);
    expect((await tel.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const whatsapp = await page.getByTestId("whatsapp-confirm-ar").getAttribute("href");
    expect(whatsapp).toContain(`https://wa.me/213${customerPhone.slice(1)}?text=`);
    expect(decodeURIComponent(whatsapp!.split("?text=")[1]!)).toContain(orderNumber);
    expect(await page.getByTestId("customer-risk").textContent()).toBe(texts.customer.risk.new);
    expect(await noHorizontalScroll(page)).toBe(true);

    await page.getByTestId("outcome-no_answer").click();
    await expect.poll(() => page.getByTestId("queue-notice").textContent()).toContain(texts.outcomes.no_answer);
    await expect.poll(() => page.locator('[data-testid="call-attempts"] li').count()).toBe(1);

    // A call-back two hours ahead, on the shop's clock (Algiers, UTC+1).
    const inTwoHours = new Date(Date.now() + 2 * 60 * 60 * 1000 + 60 * 60 * 1000).toISOString().slice(0, 16);
    await page.getByTestId("callback-at").fill(inTwoHours);
    await page.getByTestId("outcome-callback").click();
    await expect.poll(() => page.getByTestId("confirmation-callback").count()).toBe(1);
    await expect.poll(() => page.locator('[data-testid="call-attempts"] li').count()).toBe(2);

    // Called back: the customer lives in Bordj El Kiffan and wants three. The order is the
    // confirmer's (the call-back keeps it theirs): they edit it, then confirm from the queue.
    await page.goto(`/admin/orders/${orderId}`);
    await hydrated(page);
    await page.getByTestId("order-edit").click();
    const form = page.getByTestId("order-edit-form");
    await form.waitFor();
    await form.getByTestId("edit-commune").selectOption("1630");
    await form.getByTestId("edit-line-quantity").fill("3");
    await Promise.all([page.waitForURL(/edited=1/), form.getByTestId("edit-save").click()]);
    expect(await noHorizontalScroll(page)).toBe(true);
    await page.goto("/admin/queue");
    await hydrated(page);
    await expect.poll(() => page.getByTestId("queue-order-number").textContent()).toBe(orderNumber);

    await page.getByTestId("confirm-call").click();
    await expect.poll(() => page.getByTestId("queue-notice").textContent()).toBe(texts.notices.confirmed);
    const stored = await withDb((db) =>
      db
        .selectFrom("orders")
        .select(["status", "confirmation_state", "call_attempts", "unanswered_attempts"])
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow(),
    );
    expect(stored).toEqual({ status: "confirmed", confirmation_state: "confirmed", call_attempts: 3, unanswered_attempts: 0 });
    // Confirming took the three pieces the customer asked for.
    expect(
      await withDb(
        async (db) =>
          (await db.selectFrom("products").select("stock_quantity").where("id", "=", product.id).executeTakeFirstOrThrow()).stock_quantity,
      ),
    ).toBe(7);
    expect(pageErrors).toEqual([]);
    await context.close();

    // The owner, on the order page: every call with its outcome and the confirmer's name.
    const owner = await openContext(browser, phoneDevice, "ar");
    await signInAsAdmin(owner.page);
    await owner.page.goto(`/admin/orders/${orderId}`);
    await hydrated(owner.page);
    const attempts = owner.page.locator('[data-testid="call-attempts"] li');
    expect(await attempts.count()).toBe(3);
    expect(await attempts.evaluateAll((items) => items.map((item) => item.getAttribute("data-outcome")))).toEqual([
      "confirmed",
      "callback",
      "no_answer",
    ]);
    for (const by of await owner.page.getByTestId("attempt-by").allTextContents()) expect(by).toContain(confirmer.name);
    expect(await owner.page.getByTestId("confirmation-state").textContent()).toBe(texts.states.confirmed);
    // The confirmer's edits, each with its author.
    const edits = owner.page.getByTestId("order-edits");
    for (const field of ["customer.communeCode", "lines"]) {
      expect(await edits.locator(`li[data-field="${field}"]`).getByTestId("edit-author").innerText()).toContain(confirmer.name);
    }
    // The dashboard counts the confirmation: the confirmer's three calls today, one confirmation.
    await owner.page.goto("/admin?period=today");
    await hydrated(owner.page);
    const agent = owner.page.getByTestId("dashboard-agents").locator("tr", { hasText: confirmer.name });
    expect(await agent.locator("td span.whitespace-nowrap").allTextContents()).toEqual(["3", "1", "0"]);
    expect(owner.pageErrors).toEqual([]);
    await owner.context.close();
  });

  it("two confirmers taking the queue at the same moment get two different orders", async () => {
    const numbers: string[] = [];
    for (const day of ["2001-01-02", "2001-01-03"]) {
      const response = await fetch(`${baseURL()}/api/orders`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: baseURL() },
        body: JSON.stringify({
          source: "cart_page",
          items: [{ productId: product.id, quantity: 1 }],
          customer: { firstName: "رياض", lastName: "قاسمي", phone: racePhones[numbers.length], wilayaCode: "16" },
        }),
      });
      expect(response.status).toBe(201);
      const number = ((await response.json()) as { orderNumber: string }).orderNumber;
      // The two oldest orders waiting: the queue gives them first.
      await withDb((db) =>
        db
          .updateTable("orders")
          .set({ created_at: `${day}T00:00:00.000Z` })
          .where("order_number", "=", number)
          .execute(),
      );
      numbers.push(number);
    }
    const agents = await Promise.all(
      [confirmer, secondConfirmer].map(async (agent) => {
        const opened = await openContext(browser, phoneDevice, "ar");
        await opened.page.goto("/admin/login?redirectTo=/admin/queue");
        await opened.page.locator('input[name="email"]').fill(agent.email);
        await opened.page.locator('input[name="password"]').fill(agent.password);
        await Promise.all([
          opened.page.waitForURL((url) => url.pathname === "/admin/queue"),
          opened.page.locator('[data-testid="admin-login-form"] button[type="submit"]').click(),
        ]);
        await hydrated(opened.page);
        return opened;
      }),
    );
    // Both press "take next" together.
    await Promise.all(agents.map(({ page }) => page.getByTestId("take-next").click()));
    const taken = await Promise.all(
      agents.map(async ({ page }) => {
        await page.getByTestId("queue-order-number").waitFor();
        return page.getByTestId("queue-order-number").textContent();
      }),
    );
    expect(new Set(taken).size).toBe(2);
    expect([...taken].sort()).toEqual([...numbers].sort());
    for (const { context, pageErrors } of agents) {
      expect(pageErrors).toEqual([]);
      await context.close();
    }
  });

  it("shows the queue and the order's calls in French on the same phone", async () => {
    const owner = await openContext(browser, phoneDevice, "fr");
    await signInAsAdmin(owner.page);
    await owner.page.goto("/admin/queue");
    await hydrated(owner.page);
    expect(await owner.page.locator("h1").textContent()).toBe(fr.adminConfirmation.queue.title);
    expect(await noHorizontalScroll(owner.page)).toBe(true);
    await owner.page.goto(`/admin/orders/${orderId}`);
    await hydrated(owner.page);
    expect(await owner.page.getByTestId("confirmation-state").textContent()).toBe(fr.adminConfirmation.states.confirmed);
    expect(await owner.page.locator('[data-testid="call-attempts"] li[data-outcome="no_answer"]').textContent()).toContain(
      fr.adminConfirmation.outcomes.no_answer,
    );
    expect(owner.pageErrors).toEqual([]);
    await owner.context.close();
  });
});
