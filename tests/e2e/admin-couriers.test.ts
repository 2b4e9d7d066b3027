import { randomBytes } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import { adminCookie, signInAsAdmin } from "./support/admin";
import { baseURL, hydrated, launchBrowser, openContext, phone } from "./support/browser";

// A merchant adds a Yalidine account on a phone, in Arabic: it is listed with "credentials set",
// and neither the page nor its source ever holds the credentials again. The account is deleted
// afterwards (the shared shop has no courier account for the other tests).

const API_ID = `e2e-id-${randomBytes(6).toString("hex")}`;
const TOKEN = `e2e-token-${randomBytes(16).toString("hex")}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("courier accounts", () => {
  it("admin on a phone in Arabic adds a Yalidine account: listed with credentials set, the token nowhere in the page or its source; then French", async () => {
    const { context, page, pageErrors } = await openContext(browser, { ...phone }, "ar");
    await signInAsAdmin(page);
    await page.goto("/admin/couriers");
    await hydrated(page);
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await page.locator('[data-tab="couriers"]').getAttribute("aria-current")).toBe("page");
    expect(await page.getByTestId("courier-accounts-empty").textContent()).toBe(ar.adminCouriers.list.empty);

    await page.getByTestId("courier-family").selectOption("yalidine");
    await page.getByTestId("courier-family-choose").click();
    await page.getByTestId("courier-add-form").waitFor();
    expect(await page.getByTestId("courier-add-baseUrl").inputValue()).toBe("https://api.yalidine.app/v1");
    expect(await page.getByTestId("courier-add-label").inputValue()).toBe("Yalidine");
    // A missing token is refused beside its field; the answer carries no credential.
    await page.getByTestId("courier-add-credentials-apiId").fill(API_ID);
    await page.getByTestId("courier-add-save").click();
    await page.getByTestId("courier-add-credentials-apiToken-error").waitFor();
    expect(await page.getByTestId("courier-add-credentials-apiToken-error").textContent()).toBe(ar.adminCouriers.errors.required);
    expect(await page.content()).not.toContain(API_ID);

    await page.getByTestId("courier-add-credentials-apiId").fill(API_ID);
    await page.getByTestId("courier-add-credentials-apiToken").fill(TOKEN);
    await page.getByTestId("courier-add-save").click();
    await page.waitForURL((url) => url.search === "?done=added");
    const card = page.getByTestId("courier-accounts").locator("li").first();
    expect(await card.getByTestId("courier-account-label").textContent()).toBe("Yalidine");
    expect(await card.getByTestId("courier-account-host").textContent()).toBe("api.yalidine.app");
    expect(await card.getByTestId("courier-account-credentials").textContent()).toBe(ar.adminCouriers.list.credentialsSet);
    expect(await card.getByTestId("courier-account-default").textContent()).toBe(ar.adminCouriers.list.isDefault);
    // The edit form's secret fields are empty.
    await card.locator("summary").click();
    for (const input of await card.locator('input[type="password"]').all()) expect(await input.inputValue()).toBe("");
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    for (const secret of [API_ID, TOKEN]) expect(await page.content()).not.toContain(secret);
    const cookie = await adminCookie();
    for (const path of ["/admin/couriers", "/admin/couriers.data", "/admin/couriers?family=yalidine"]) {
      const source = await (await fetch(`${baseURL()}${path}`, { headers: { Cookie: `${cookie}; lng=ar` } })).text();
      expect(source, path).toContain("api.yalidine.app");
      for (const secret of [API_ID, TOKEN]) expect(source, path).not.toContain(secret);
    }

    await context.addCookies([{ name: "lng", value: "fr", url: baseURL() }]);
    await page.goto("/admin/couriers");
    await hydrated(page);
    expect(await page.getByTestId("courier-account-credentials").first().textContent()).toBe(fr.adminCouriers.list.credentialsSet);

    // Put the shop back: the account deleted (after its confirmation).
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe(fr.adminCouriers.actions.deleteConfirm);
      void dialog.accept();
    });
    await page.getByTestId("courier-account-delete").first().click();
    await page.waitForURL((url) => url.search === "?done=deleted");
    await page.getByTestId("courier-accounts-empty").waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
