import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import { signInAsAdmin } from "./support/admin";
import { hydrated, launchBrowser, openContext, phone } from "./support/browser";

// Staff accounts as the owner manages them on a phone, in Arabic, and as the staff then find the
// admin, in French: a first password changed before anything else, the role's tabs only, the
// translated 403 inside the shell, an invitation link used once, a disabled account signed out.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const suffix = randomBytes(4).toString("hex");
const confirmer = { email: `agent-${suffix}@souq.test`, name: "أمينة بن علي من فريق التأكيد", password: "first-Passw0rd-1" };

/** No horizontal scroll at 390 px, and every control of the page's main part at least 44 px tall. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const small = await page
    .locator("main button:visible, main input:not([type=hidden]):visible, main select:visible, main a.inline-flex:visible")
    .evaluateAll((items) => items.filter((item) => item.getBoundingClientRect().height < 44).map((item) => item.outerHTML.slice(0, 120)));
  expect(small).toEqual([]);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/admin/login");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith("/admin/login")),
    page.locator('[data-testid="admin-login-form"] button[type="submit"]').click(),
  ]);
}

describe("staff accounts", () => {
  it("the owner adds a confirmer on a phone in Arabic; the confirmer changes the first password, then sees only the queue's tabs and a 403 elsewhere, in French", async () => {
    const owner = await openContext(browser, { ...phone }, "ar");
    await signInAsAdmin(owner.page);
    await owner.page.goto("/admin/staff");
    await hydrated(owner.page);
    expect(await owner.page.locator('[data-tab="staff"]').getAttribute("aria-current")).toBe("page");
    const add = owner.page.getByTestId("staff-add-form");
    await add.locator('input[name="name"]').fill(confirmer.name);
    await add.locator('input[name="email"]').fill(confirmer.email);
    await add.locator('select[name="role"]').selectOption("confirmer");
    await add.locator('input[name="password"]').fill(confirmer.password);
    await add.locator('button[type="submit"]').click();
    await expect.poll(() => owner.page.getByTestId("staff-answer").textContent()).toBe(ar.admin.staff.notices.added);
    const card = owner.page.locator(`[data-testid="staff-member"][data-email="${confirmer.email}"]`);
    expect(await card.textContent()).toContain(ar.admin.roles.confirmer);
    expect(await card.textContent()).toContain(ar.admin.staff.mustChange);
    await fitsThePhone(owner.page);

    const agent = await openContext(browser, { ...phone }, "fr");
    await signIn(agent.page, confirmer.email, confirmer.password);
    // Signing in lands on the password page, with no tabs until it is changed.
    await agent.page.waitForURL((url) => url.pathname === "/admin/password");
    await hydrated(agent.page);
    expect(await agent.page.getByTestId("must-change").textContent()).toBe(fr.admin.password.mustChange);
    expect(await agent.page.getByTestId("admin-tabs").count()).toBe(0);
    await agent.page.locator('input[name="current"]').fill(confirmer.password);
    await agent.page.locator('input[name="next"]').fill("second-Passw0rd-2");
    await agent.page.locator("main button[type=submit]").click();
    await expect.poll(() => agent.page.getByTestId("password-answer").textContent()).toBe(fr.admin.password.changed);
    await fitsThePhone(agent.page);

    await agent.page.goto("/admin/settings");
    expect(await agent.page.getByTestId("admin-forbidden").textContent()).toContain(fr.admin.errors.forbidden);
    const tabs = await agent.page.locator("[data-tab]").evaluateAll((items) => items.map((item) => item.getAttribute("data-tab")));
    expect(tabs).toEqual(["queue", "drafts"]);
    // The way out of a 403 is the role's first tab.
    expect(await agent.page.getByTestId("admin-forbidden").locator("a").getAttribute("href")).toBe("/admin/queue");
    expect(await agent.page.getByTestId("admin-who").textContent()).toBe(`${confirmer.name} · ${fr.admin.roles.confirmer}`);
    await fitsThePhone(agent.page);

    // The owner disables the account: the confirmer's next page asks to sign in again.
    await owner.page.reload();
    await hydrated(owner.page);
    await card.locator('input[name="intent"][value="disable"] ~ button').click();
    await expect.poll(() => owner.page.getByTestId("staff-answer").textContent()).toBe(ar.admin.staff.notices.disabled);
    await agent.page.goto("/admin/password");
    expect(new URL(agent.page.url()).pathname).toBe("/admin/login");
    expect(owner.pageErrors).toEqual([]);
    expect(agent.pageErrors).toEqual([]);
    await owner.context.close();
    await agent.context.close();
  });

  it("an invitation link makes one account with the invitation's role, once", async () => {
    const owner = await openContext(browser, { ...phone }, "ar");
    await signInAsAdmin(owner.page);
    await owner.page.goto("/admin/staff");
    await hydrated(owner.page);
    const invite = owner.page.getByTestId("staff-invite-form");
    await invite.locator('input[name="name"]').fill("Karim");
    await invite.locator('input[name="email"]').fill(`packer-${suffix}@souq.test`);
    await invite.locator('select[name="role"]').selectOption("packer");
    await invite.locator('button[type="submit"]').click();
    const url = (await owner.page.getByTestId("invite-url").textContent())!;
    expect(url).toMatch(/\/admin\/invite\/[A-Za-z0-9_-]{43}$/);
    await fitsThePhone(owner.page);

    const packer = await openContext(browser, { ...phone }, "fr");
    await packer.page.goto(new URL(url).pathname);
    await hydrated(packer.page);
    expect(await packer.page.getByTestId("admin-invite").textContent()).toContain(fr.admin.roles.packer);
    await packer.page.locator('input[name="password"]').fill("packer-Passw0rd-1");
    await Promise.all([packer.page.waitForURL((next) => !next.pathname.startsWith("/admin/invite")), packer.page.locator("main button").click()]);
    await packer.page.goto("/admin/orders");
    const tabs = await packer.page.locator("[data-tab]").evaluateAll((items) => items.map((item) => item.getAttribute("data-tab")));
    expect(tabs).toEqual(["orders", "inventory"]);

    // Used once: the link now says so.
    const again = await openContext(browser, { ...phone }, "ar");
    const response = await again.page.goto(new URL(url).pathname);
    expect(response?.status()).toBe(404);
    expect(await again.page.getByTestId("admin-invite-invalid").textContent()).toBe(ar.admin.invite.invalid);
    await owner.context.close();
    await packer.context.close();
    await again.context.close();
  });
});
