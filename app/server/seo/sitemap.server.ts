import type { Kysely } from "kysely";
import { languages } from "~/i18n/config";
import { collectionPath, customPagePath } from "~/lib/merchandising";
import { alternateUrls } from "~/lib/seo";
import { staticPageKeys } from "../content/index.server";
import type { Database } from "../db/database.server";

/** One public page of the sitemap: its canonical path and, when known, when it last changed. */
export interface SitemapEntry {
  path: string;
  /** ISO-8601 timestamp (products.updated_at). */
  lastmod?: string;
}

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
] as const;

/** The static text pages (about, shipping, …): the same list the route table serves (app/routes.ts, staticPagePaths). */
export function staticPublicPaths(): string[] {
  return Object.keys(staticPageKeys).map((slug) => `/${slug}`);
}

/** The active collections, `/collections/{slug}`, and the active custom pages, `/pages/{slug}`, with their last change. */
export async function publicCollectionAndPagePaths(db: Kysely<Database>): Promise<SitemapEntry[]> {
  const [collections, pages] = await Promise.all([
    db.selectFrom("collections").select(["slug", "updated_at"]).where("is_active", "=", true).orderBy("slug").execute(),
    db.selectFrom("custom_pages").select(["slug", "updated_at"]).where("is_active", "=", true).orderBy("slug").execute(),
  ]);
  return [
    ...collections.map((row) => ({ path: collectionPath(row.slug), lastmod: row.updated_at })),
    ...pages.map((row) => ({ path: customPagePath(row.slug), lastmod: row.updated_at })),
  ];
}

/** Every category page, `/categories/{slug}` (empty ones too: they answer 200). */
export async function categorySitemapEntries(db: Kysely<Database>): Promise<SitemapEntry[]> {
  const rows = await db.selectFrom("categories").select("slug").orderBy("slug").execute();
  return rows.map((row) => ({ path: `/categories/${encodeURIComponent(row.slug)}` }));
}

/** Every product page, `/products/{slug}`, with its last change; out-of-stock products are still public pages. */
export async function productSitemapEntries(db: Kysely<Database>): Promise<SitemapEntry[]> {
  const rows = await db
    .selectFrom("products")
    .select(["slug", "updated_at"])
    .where("slug", "!=", "")
    .orderBy("slug")
    .execute();
  return rows.map((row) => ({ path: `/products/${encodeURIComponent(row.slug)}`, lastmod: row.updated_at }));
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
