import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { baseURL, desktop, launchBrowser, openContext, phone } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const espresso = demoProducts.find((p) => p.slug === "espresso-machine-15-bar")!;

describe.each([
  ["a 390×844 phone", phone],
  ["a 1280×800 desktop", desktop],
] as const)("search on %s", (_name, viewport) => {
  it("finds a product from the top-bar box, whatever the alif, and opens it", async () => {
    expect(espresso.title.startsWith("آلة")).toBe(true);
    const { context, page, pageErrors } = await openContext(browser, viewport);
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

    // The box is visible (a full-width row under the bar on phones), and nothing overflows sideways.
    const box = page.getByRole("search").getByRole("searchbox", { name: "ابحث عن منتج" });
    expect(await box.isVisible()).toBe(true);
    const width = (await box.boundingBox())!.width;
    expect(width).toBeGreaterThan(viewport === phone ? 300 : 200);
    const noOverflow = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await noOverflow()).toBe(true);

    // آلة typed with a bare alif, قهوة with ه, إسبريسو without hamza.
    await box.fill("الة قهوه اسبريسو");
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname === "/search");
    expect(new URL(page.url()).searchParams.get("q")).toBe("الة قهوه اسبريسو");
    await expect.poll(() => page.getByTestId("search-heading").textContent()).toBe("نتائج البحث عن «الة قهوه اسبريسو»");
    expect(await page.title()).toContain("الة قهوه اسبريسو");

    const card = page.getByTestId("product-card").filter({ hasText: espresso.title });
    expect(await card.count()).toBe(1);
    expect(await noOverflow()).toBe(true);

    await card.getByRole("link", { name: espresso.title }).click();
    await page.waitForURL((url) => url.pathname === `/products/${espresso.slug}`);
    expect(new URL(page.url()).pathname).toBe(`/products/${espresso.slug}`);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe("search page over HTTP (no JavaScript)", () => {
  const get = (path: string, language = "ar") => fetch(`${baseURL()}${path}`, { headers: { Cookie: `lng=${language}` } });

  it("answers the top-bar form's GET with results, noindex and the query escaped", async () => {
    const response = await get(`/search?q=${encodeURIComponent("<b>غلايه</b>")}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain("<b>غلايه</b>");
    expect(html).toContain("&lt;b&gt;غلايه&lt;/b&gt;");
    expect(html).toContain('href="/products/electric-kettle-1-7l"');
    expect(html).toMatch(/<form[^>]*action="\/search"[^>]*role="search"|<form[^>]*role="search"[^>]*action="\/search"/);
  });

  it("says so when the query is empty or finds nothing, with a way to the categories", async () => {
    const empty = await (await get("/search")).text();
    expect(empty).toContain('data-testid="search-empty-query"');
    const none = await (await get("/search?q=zzzzqqqq", "fr")).text();
    expect(none).toContain('data-testid="search-no-results"');
    expect(none).toContain('href="/categories"');
  });

  it("keeps the query and sort in page links", async () => {
    const html = await (await get("/search?q=a&sort=price-asc")).text();
    expect(html).toContain('href="/search?q=a&amp;sort=price-asc&amp;page=2"');
    expect(html).toContain('<option value="relevance"');
  });
});
