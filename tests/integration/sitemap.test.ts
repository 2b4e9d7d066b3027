import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCategories, demoProducts } from "~/data/demo-catalogue";
import { staticPagePaths } from "~/routes";
import { nowIso } from "~/server/db/types.server";
import type { SitemapEntry } from "~/lib/seo";
import { publicCollectionAndPagePaths } from "~/server/merchandising/index.server";
import { renderSitemap, sitemapEntries } from "~/server/seo/index.server";
import { seededProducts } from "../support/seeded-catalogue";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
let entries: SitemapEntry[];
let xml: string;
const origin = "https://shop.dz";

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  entries = await sitemapEntries(t.db);
  xml = renderSitemap(origin, entries);
});
afterAll(async () => {
  await t.destroy();
});

const locs = (document: string) => [...document.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

describe("sitemap entries", () => {
  it("list every seeded product with its last change, out-of-stock ones too", async () => {
    const products = entries.filter((entry) => entry.path.startsWith("/products/"));
    expect(products.map((entry) => entry.path).sort()).toEqual(
      seededProducts.map((product) => `/products/${encodeURIComponent(product.slug)}`).sort(),
    );
    expect(demoProducts.some((product) => !product.inStock)).toBe(true);
    const rows = await t.db.selectFrom("products").select(["slug", "updated_at"]).execute();
    for (const row of rows) {
      expect(products.find((entry) => entry.path === `/products/${encodeURIComponent(row.slug)}`)?.lastmod).toBe(row.updated_at);
    }
  });

  it("list the home page, the static pages, the category index and every category", () => {
    const paths = entries.map((entry) => entry.path);
    expect(paths[0]).toBe("/");
    for (const path of [
      "/categories",
      "/school-supplies",
      "/games",
      "/home-appliances",
      "/product-gros",
      "/jewellery",
      "/contact",
      "/services",
      "/legal",
    ]) {
      expect(paths).toContain(path);
    }
    for (const path of staticPagePaths) expect(paths).toContain(`/${path}`);
    for (const category of demoCategories) expect(paths).toContain(`/categories/${category.slug}`);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("leave out search, cart and admin", () => {
    const paths = entries.map((entry) => entry.path);
    expect(paths.some((path) => /^\/(search|cart|admin|api)\b/.test(path))).toBe(false);
  });

  it("list the active collections and custom pages (the seeded ones), not the inactive ones", async () => {
    const paths = (await publicCollectionAndPagePaths(t.db)).map((entry) => entry.path);
    expect(paths).toEqual(["/collections/weekly-offers", "/pages/back-to-school"]);
    expect(entries.map((entry) => entry.path)).toEqual(expect.arrayContaining(paths));
    await t.db.updateTable("custom_pages").set({ is_active: false }).where("slug", "=", "back-to-school").execute();
    expect((await publicCollectionAndPagePaths(t.db)).map((entry) => entry.path)).toEqual(["/collections/weekly-offers"]);
    await t.db.updateTable("custom_pages").set({ is_active: true }).where("slug", "=", "back-to-school").execute();
  });

  it("follow products the merchant adds", async () => {
    const now = nowIso();
    await t.db
      .insertInto("products")
      .values({ id: "p999", slug: "new-arrival", title: "جديد", price: 1000, in_stock: false, created_at: now, updated_at: now })
      .execute();
    const fresh = await sitemapEntries(t.db);
    expect(fresh.find((entry) => entry.path === "/products/new-arrival")).toEqual({ path: "/products/new-arrival", lastmod: now });
    await t.db.deleteFrom("products").where("id", "=", "p999").execute();
  });
});

describe("sitemap document", () => {
  it("is an XML urlset with absolute URLs", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
    expect(xml.match(/<url>/g)?.length).toBe(entries.length * 3);
    expect(xml.match(/<\/url>/g)?.length).toBe(entries.length * 3);
    for (const loc of locs(xml)) expect(loc).toMatch(/^https:\/\/shop\.dz\//);
  });

  it("contains every seeded product slug, in each language, with lastmod", () => {
    for (const product of demoProducts) {
      const url = `${origin}/products/${encodeURIComponent(product.slug)}`;
      expect(xml).toContain(`<loc>${url}</loc>`);
      expect(xml).toContain(`<loc>${url}?lng=en</loc>`);
      expect(xml).toContain(`<loc>${url}?lng=fr</loc>`);
    }
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z<\/lastmod>/);
  });

  it("gives each URL its hreflang alternates, x-default being the Arabic one", () => {
    const block = xml.split("<url>").find((part) => part.includes(`<loc>${origin}/about?lng=fr</loc>`));
    expect(block).toContain(`<xhtml:link rel="alternate" hreflang="ar" href="${origin}/about"/>`);
    expect(block).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${origin}/about?lng=en"/>`);
    expect(block).toContain(`<xhtml:link rel="alternate" hreflang="fr" href="${origin}/about?lng=fr"/>`);
    expect(block).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${origin}/about"/>`);
  });

  it("escapes & and other XML characters", () => {
    const document = renderSitemap(origin, [{ path: "/categories/toys?page=2" }, { path: "/products/a<b>\"c'" }]);
    expect(document).toContain(`<loc>${origin}/categories/toys?page=2&amp;lng=en</loc>`);
    expect(document).toContain(`hreflang="fr" href="${origin}/categories/toys?page=2&amp;lng=fr"/>`);
    expect(document).toContain("/products/a&lt;b&gt;&quot;c&apos;");
    // No bare & anywhere: every one starts an entity.
    expect(document.replace(/&(amp|lt|gt|quot|apos);/g, "")).not.toContain("&");
    expect(xml.replace(/&(amp|lt|gt|quot|apos);/g, "")).not.toContain("&");
  });

  it("drops a lastmod that is not a date", () => {
    expect(renderSitemap(origin, [{ path: "/x", lastmod: "yesterday" }])).not.toContain("<lastmod>");
  });
});
