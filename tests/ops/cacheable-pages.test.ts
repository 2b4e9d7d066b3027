import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/production-server";

/*
 * A page the page cache shares (app/server/http/page-cache*.server.ts, decision 0014) is handed
 * to every visitor of its address: it may carry nothing made for one render, such as a key, a
 * token, a timestamp or a random id. Each cacheable page is rendered twice with the cache off
 * (PAGE_CACHE_MB=0, so both are real renders) and must be byte for byte the same page apart from
 * its CSP nonce, which every response gets of its own (decision 0022).
 */

/** Every route that exports publicPageHeaders, with the query parameters it reads. */
const CACHEABLE_PAGES = [
  "/",
  "/categories",
  "/categories/kitchen",
  "/categories/kitchen?page=2&sort=price-asc",
  "/school-supplies",
  "/games",
  "/products/smartphone-6-7-inch-128gb",
  "/collections/weekly-offers",
  "/pages/back-to-school",
  "/contact",
  "/contact?wilaya=16",
  "/services",
  "/jewellery",
  "/jewellery?category=rings",
  "/jewellery/bridal-crown",
  "/product-gros",
  "/home-appliances",
  "/home-appliances?category=cooling",
  "/search?q=%D8%AE%D9%84%D8%A7%D8%B7",
  "/search?q=tajine&sort=price-asc",
  "/about",
  "/shipping",
  "/terms",
  "/returns",
  "/privacy",
  "/payment-methods",
  "/faq",
  "/legal",
] as const;

/** "Not found" pages, kept by the page cache too for a few seconds (keptLifetime): a missing product, category, custom page, any unknown path. */
const NOT_FOUND_PAGES: readonly string[] = ["/products/no-such-product", "/categories/no-such-category", "/pages/no-such-page", "/no-such-page/here"];

let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-ops-cacheable-"));
  server = await startServer(join(dir, "shop.db"), { LOG_LEVEL: "warn", PAGE_CACHE_MB: "0" });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function render(path: string, language: "ar" | "fr") {
  const response = await fetch(`${server.baseURL}${path}`, { headers: { Cookie: `lng=${language}` }, redirect: "manual" });
  const body = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  return { response, body, nonce };
}

/** The first line where two renders differ, with some context, for the failure message. */
function firstDifference(a: string, b: string): string {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at += 1;
  return `…${a.slice(Math.max(0, at - 120), at + 80)}…\n  vs\n…${b.slice(Math.max(0, at - 120), at + 80)}…`;
}

describe("cacheable pages", () => {
  it.each([...CACHEABLE_PAGES, ...NOT_FOUND_PAGES])("%s is the same in two renders but for the CSP nonce", async (path) => {
    for (const language of ["ar", "fr"] as const) {
      const first = await render(path, language);
      const second = await render(path, language);
      expect(first.response.status, path).toBe(NOT_FOUND_PAGES.includes(path) ? 404 : 200);
      // Still a page the cache shares: otherwise it has no business in this list.
      expect(first.response.headers.get("cache-control")).toMatch(/^public, .*s-maxage=\d+/);
      expect(first.nonce).toBeTruthy();
      expect(second.nonce).not.toBe(first.nonce);
      const a = first.body.replaceAll(first.nonce!, "NONCE");
      const b = second.body.replaceAll(second.nonce!, "NONCE");
      expect(a === b, `${path} (${language}) differs between renders:\n${firstDifference(a, b)}`).toBe(true);
    }
  });
});
