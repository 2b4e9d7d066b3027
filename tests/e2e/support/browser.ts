import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { inject } from "vitest";
import type { Language } from "~/i18n/config";
import { findChromium } from "../../../scripts/lib/chromium.js";

export const baseURL = (): string => inject("baseURL");

/** Debian's Chromium, headless, with the flags this sandboxed, offline machine needs. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH || findChromium();
  if (!executablePath) throw new Error("Chromium not found: run the suite through `npm test`, which installs it.");
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
export const desktop = { viewport: { width: 1280, height: 800 } } as const;

/**
 * A new browser context (fresh cookies and storage) on the test server, collecting page errors;
 * with `language`, the shop's language cookie is set before the first page.
 */
export async function openContext(
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0] = desktop,
  language?: Language,
): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({ ...options, baseURL: baseURL() });
  if (language) await context.addCookies([{ name: "lng", value: language, url: baseURL() }]);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}

/** Resolves once React has hydrated the page (the root layout marks <html data-hydrated="true">). */
export const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

/**
 * A new context on a 390×844 phone (or `device`) reading the shop in `language`, at `path`;
 * with JavaScript (the default), once the page has hydrated.
 */
export async function openPage(
  browser: Browser,
  path: string,
  language: Language,
  { javaScript = true, device = phone }: { javaScript?: boolean; device?: Parameters<Browser["newContext"]>[0] } = {},
) {
  const opened = await openContext(browser, { ...device, javaScriptEnabled: javaScript }, language);
  await opened.page.goto(path);
  if (javaScript) await hydrated(opened.page);
  return opened;
}
