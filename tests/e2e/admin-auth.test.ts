import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "~/server/db/db.server";
import { adminCookie, adminCredentials, signInAsAdmin } from "./support/admin";
import { baseURL, launchBrowser, openContext, phone } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The products page is another feature's; until it lands /admin/products is the shop's 404. */
const productsPageExists = existsSync("app/routes/admin/products.tsx");

/** `npm run create-admin` against the e2e server's database. */
function createAdmin(...args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", ...args], {
    env: { ...process.env, DATABASE_URL: `file:${inject("databaseFile")}`, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
}

async function sessionCount(email: string): Promise<number> {
  const { db, close } = openDatabase(`file:${inject("databaseFile")}`);
  try {
    const rows = await db
      .selectFrom("admin_sessions")
      .innerJoin("admin_users", "admin_users.id", "admin_sessions.admin_id")
      .select("admin_sessions.id")
      .where("admin_users.email", "=", email)
      .execute();
    return rows.length;
  } finally {
    await close();
  }
}

describe("admin sign-in", () => {
  it("sends a visitor without a session to the sign-in page, which is Arabic RTL, noindex, without the shop shell", async () => {
    const { context, page, pageErrors } = await openContext(browser);
    const target = productsPageExists ? "/admin/products" : "/admin";
    const response = await page.goto(target);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/admin/login");
    expect(url.searchParams.get("redirectTo")).toBe(target);
    expect(response?.headers()["cache-control"]).toContain("no-store");
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(["ar", "rtl"]);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    expect(await page.getByTestId("menu-toggle").count()).toBe(0);
    expect(await page.locator("footer").count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("shows كلمة المرور غير صحيحة for a wrong password, without JavaScript too", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const { context, page } = await openContext(browser, { viewport: { width: 1280, height: 800 }, javaScriptEnabled });
      await page.goto("/admin/login");
      if (javaScriptEnabled) await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await page.locator('input[name="email"]').fill(adminCredentials().email);
      await page.locator('input[name="password"]').fill("not-the-password");
      await page.locator('[data-testid="admin-login-form"] button[type="submit"]').click();
      await expect.poll(() => page.getByTestId("admin-login-error").textContent()).toBe("كلمة المرور غير صحيحة");
      expect(new URL(page.url()).pathname).toBe("/admin/login");
      await context.close();
    }
  });

  it("create-admin refuses bad input with exit code 1, creates an admin, and that admin signs in and lands on the dashboard (/admin)", async () => {
    const short = createAdmin("--email", "owner2@souq.test", "--password", "short");
    expect(short.status).toBe(1);
    expect(short.stderr).toContain("--password must be between 10");
    const badEmail = createAdmin("--email", "nope", "--password", "long-enough-password");
    expect(badEmail.status).toBe(1);
    expect(badEmail.stderr).toContain("--email must be a valid email address");
    expect(createAdmin("--email", "owner2@souq.test").status).toBe(1);

    const created = createAdmin("--email", "Owner2@Souq.test", "--password", "owner2-long-password");
    expect(created.stderr).toBe("");
    expect(created.status).toBe(0);
    expect(created.stdout).toContain("owner2@souq.test");
    expect(created.stdout).not.toContain("owner2-long-password");

    const { context, page, pageErrors } = await openContext(browser, phone);
    await page.goto("/admin/login");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.locator('input[name="email"]').fill("owner2@souq.test");
    await page.locator('input[name="password"]').fill("owner2-long-password");
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/admin"),
      page.locator('[data-testid="admin-login-form"] button[type="submit"]').click(),
    ]);
    const cookie = (await context.cookies()).find((c) => c.name === "souq_admin");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.path).toBe("/");
    expect(await sessionCount("owner2@souq.test")).toBe(1);

    if (productsPageExists) {
      const tabs = page.getByTestId("admin-tabs");
      await tabs.waitFor();
      const labels = await tabs.locator("[data-tab]").evaluateAll((items) => items.map((item) => item.getAttribute("data-tab")));
      // An owner sees every tab.
      expect(labels, await page.locator("main").innerText()).toEqual([
        "dashboard",
        "queue",
        "drafts",
        "orders",
        "products",
        "inventory",
        "custom-pages",
        "collections",
        "page-layouts",
        "analytics",
        "categories",
        "sections",
        "delivery",
        "couriers",
        "settings",
        "staff",
      ]);
      expect(await tabs.locator('[data-tab="dashboard"]').getAttribute("aria-current")).toBe("page");
      expect(await page.getByTestId("admin-who").getAttribute("data-role")).toBe("owner");
      // 390 px: the tab strip scrolls, the page does not.
      expect(await tabs.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await page.getByTestId("menu-toggle").count()).toBe(0);
    }
    // Signing in again from this browser replaces its session (rotation).
    await page.goto("/admin/login");
    expect(new URL(page.url()).pathname).toBe("/admin");
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("the sign-in page sends a signed-in admin on; logout deletes the session and clears the cookie", async () => {
    const { context, page, pageErrors } = await openContext(browser);
    await signInAsAdmin(page);
    const { email } = adminCredentials();
    const before = await sessionCount(email);
    expect(before).toBeGreaterThan(0);
    if (productsPageExists) {
      await page.getByTestId("admin-logout").click();
    } else {
      // The header's button posts this form; without the products page, post it from the sign-in page's origin.
      await page.goto("/admin/login");
      await page.evaluate(() => {
        const form = document.createElement("form");
        form.method = "post";
        form.action = "/admin/logout";
        document.body.append(form);
        form.submit();
      });
    }
    await page.waitForURL((url) => url.pathname === "/admin/login");
    expect((await context.cookies()).find((c) => c.name === "souq_admin")).toBeUndefined();
    expect(await sessionCount(email)).toBe(before - 1);
    await page.goto("/admin");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("a stolen cookie stops working after logout", async () => {
    const cookie = await adminCookie();
    const page = await fetch(`${baseURL()}/admin`, { redirect: "manual", headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const out = await fetch(`${baseURL()}/admin/logout`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: baseURL() } });
    expect(out.status).toBe(303);
    expect(out.headers.getSetCookie().join("\n")).toMatch(/souq_admin=; Path=\/; Max-Age=0/);
    const after = await fetch(`${baseURL()}/admin`, { redirect: "manual", headers: { Cookie: cookie } });
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
  });

  it("answers 429 with a translated message after 5 failures for one email", async () => {
    const attempt = () =>
      fetch(`${baseURL()}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL(), Cookie: "lng=en" },
        body: new URLSearchParams({ email: "throttle-me@souq.test", password: "wrong-password-1" }),
      });
    // The failures are counted in fixed 15-minute windows (ADMIN_LOGIN_WINDOW_MINUTES): six attempts
    // astride a window's end would start counting again, so they start well inside one.
    const windowMs = 15 * 60 * 1000;
    const leftInWindow = windowMs - (Date.now() % windowMs);
    if (leftInWindow < 10_000) await new Promise((resolve) => setTimeout(resolve, leftInWindow + 200));
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(401);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Too many failed attempts");
  });
});

describe("nothing secret reaches the browser bundle", () => {
  it("build/client holds no password hash, e2e password or session token", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(js|css|html|json|map)$/.test(name)) files.push(path);
      }
    };
    walk("build/client");
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      expect(text.includes("scrypt$"), file).toBe(false);
      expect(text.includes(adminCredentials().password), file).toBe(false);
      expect(text.includes("password_hash"), file).toBe(false);
      expect(text.includes("hashSessionToken"), file).toBe(false);
      expect(text.includes("timingSafeEqual"), file).toBe(false);
    }
  });
});
