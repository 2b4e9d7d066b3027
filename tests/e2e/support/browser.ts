import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { inject } from "vitest";
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

/** A new browser context (fresh cookies and storage) on the test server, collecting page errors. */
export async function openContext(
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0] = desktop,
): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({ ...options, baseURL: baseURL() });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}
