import type { Kysely } from "kysely";
import { languages } from "~/i18n/config";
import { alternateUrls, type SitemapEntry } from "~/lib/seo";
import { staticPageKeys } from "../content/index.server";
import { categorySitemapEntries, productSitemapEntries } from "../catalog/index.server";
import type { Database } from "../db/database.server";
import { publicCollectionAndPagePaths } from "../merchandising/index.server";

/**
 * Public listing pages with a fixed address. /search, /cart and /admin are
 * not here on purpose (robots.txt keeps crawlers out of them).
 */
export const fixedPublicPaths = [
  "/",
  "/categories",
  "/school-supplies",
  "/games",
  "/home-appliances",
  "/product-gros",
  "/jewellery",
  "/contact",
  "/services",
  "/legal",
] as const;

/** The static text pages (about, shipping, …): the same list the route table serves (app/routes.ts, staticPagePaths). */
export function staticPublicPaths(): string[] {
  return Object.keys(staticPageKeys).map((slug) => `/${slug}`);
}

/** Every public page the sitemap lists, home first. */
export async function sitemapEntries(db: Kysely<Database>): Promise<SitemapEntry[]> {
  const [categories, products, merchandising] = await Promise.all([
    categorySitemapEntries(db),
    productSitemapEntries(db),
    publicCollectionAndPagePaths(db),
  ]);
  return [
    ...fixedPublicPaths.map((path) => ({ path })),
    ...staticPublicPaths().map((path) => ({ path })),
    ...categories,
    ...products,
    ...merchandising,
  ];
}

/** Escapes the five XML special characters (URLs may carry `&`). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) =>
    char === "&" ? "&amp;" : char === "<" ? "&lt;" : char === ">" ? "&gt;" : char === '"' ? "&quot;" : "&apos;",
  );
}

/** A W3C date-time for <lastmod>, or null when the stored value is not a date. */
function lastmodOf(value: string | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/**
 * The sitemap document (sitemaps.org 0.9). Each page has one <url> per
 * language (its canonical address in that language: bare for Arabic,
 * `?lng=en`, `?lng=fr`), each listing every version as xhtml:link hreflang
 * alternates (ar, en, fr, x-default), the same URLs as the pages' own
 * <link rel="alternate">, as search engines ask for multilingual sitemaps.
 * At three URLs a page, one file holds up to 16 666 pages (the 50 000-URL
 * limit); past that, split into a sitemap index.
 */
export function renderSitemap(origin: string, entries: SitemapEntry[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const entry of entries) {
    const urls = alternateUrls(origin, entry.path);
    const lastmod = lastmodOf(entry.lastmod);
    const alternates = ([...languages, "x-default"] as const).map(
      (hreflang) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(urls[hreflang])}"/>`,
    );
    for (const language of languages) {
      lines.push("  <url>", `    <loc>${escapeXml(urls[language])}</loc>`);
      if (lastmod) lines.push(`    <lastmod>${lastmod}</lastmod>`);
      lines.push(...alternates, "  </url>");
    }
  }
  lines.push("</urlset>", "");
  return lines.join("\n");
}

export type { SitemapEntry };
