import { describe, expect, it } from "vitest";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import { demoProducts } from "~/data/demo-catalogue";
import { baseURL } from "./support/browser";

function get(path: string, init: RequestInit = {}) {
  return fetch(`${baseURL()}${path}`, { redirect: "manual", ...init });
}

/** The attributes of every <meta>/<link> tag in the document head. */
function headTags(html: string): Record<string, string>[] {
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<(meta|link)\s([^>]*?)\/?>/g)].map((match) => {
    const attributes: Record<string, string> = { tag: match[1]! };
    for (const [, name, value] of match[2]!.matchAll(/([\w:-]+)="([^"]*)"/g)) attributes[name!.toLowerCase()] = value!;
    return attributes;
  });
}
const decode = (text: string | undefined) =>
  text
    ?.replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const metaContent = (tags: Record<string, string>[], key: string) =>
  decode(tags.find((tag) => tag.tag === "meta" && (tag.property === key || tag.name === key))?.content);
const link = (tags: Record<string, string>[], rel: string, hreflang?: string) =>
  tags.find((tag) => tag.tag === "link" && tag.rel === rel && (hreflang === undefined || tag.hreflang === hreflang))?.href;

describe("robots.txt", () => {
  it("keeps crawlers out of the admin, the API, the cart and search, and names the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    const lines = text.split("\n");
    expect(lines).toContain("User-agent: *");
    for (const path of ["/admin", "/api/", "/cart", "/search"]) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${baseURL()}/sitemap.xml`);
  });
});

describe("sitemap.xml", () => {
  it("is cacheable XML listing the product pages as absolute URLs", async () => {
    const response = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    const xml = await response.text();
    expect(xml.startsWith("<?xml")).toBe(true);
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    const product = demoProducts[0]!;
    expect(xml).toContain(`<loc>${baseURL()}/products/${encodeURIComponent(product.slug)}</loc>`);
    expect(xml).toContain(`<loc>${baseURL()}/</loc>`);
    expect(xml).not.toContain("/admin");
  });
});

describe("home page tags", () => {
  it("has an Arabic title, canonical, Open Graph and hreflang alternates by default", async () => {
    const response = await get("/");
    const tags = headTags(await response.text());
    const title = ar.meta.title.replace("{{shopName}}", "سوق");
    expect(metaContent(tags, "og:title")).toBe(title);
    expect(metaContent(tags, "description")).toBe(ar.meta.description);
    expect(link(tags, "canonical")).toBe(`${baseURL()}/`);
    expect(metaContent(tags, "og:url")).toBe(`${baseURL()}/`);
    expect(metaContent(tags, "og:locale")).toBe("ar_DZ");
    expect(metaContent(tags, "twitter:card")).toBe("summary");
    expect(link(tags, "alternate", "ar")).toBe(`${baseURL()}/`);
    expect(link(tags, "alternate", "en")).toBe(`${baseURL()}/?lng=en`);
    expect(link(tags, "alternate", "fr")).toBe(`${baseURL()}/?lng=fr`);
    expect(link(tags, "alternate", "x-default")).toBe(`${baseURL()}/`);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("renders French from ?lng=fr, names that URL canonical, and remembers French in the cookie", async () => {
    const response = await get("/?lng=fr");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="fr" dir="ltr">/);
    const tags = headTags(html);
    expect(metaContent(tags, "og:title")).toBe(fr.meta.title.replace("{{shopName}}", "Souq"));
    expect(link(tags, "canonical")).toBe(`${baseURL()}/?lng=fr`);
    expect(metaContent(tags, "og:locale")).toBe("fr_DZ");
    expect(link(tags, "alternate", "fr")).toBe(`${baseURL()}/?lng=fr`);
    expect(link(tags, "alternate", "x-default")).toBe(`${baseURL()}/`);
    expect(response.headers.get("set-cookie")).toMatch(/^lng=fr; Path=\/; Max-Age=31536000; SameSite=Lax/);
  });

  it("lets ?lng= win over the cookie, and sets no cookie the shopper already has", async () => {
    const switched = await get("/?lng=en", { headers: { Cookie: "lng=fr" } });
    expect(await switched.text()).toMatch(/<html lang="en" dir="ltr">/);
    expect(switched.headers.get("set-cookie")).toMatch(/^lng=en;/);
    const same = await get("/?lng=fr", { headers: { Cookie: "lng=fr" } });
    expect(same.headers.get("set-cookie")).toBeNull();
  });
});

describe("other pages", () => {
  it("give a static page its own canonical and description", async () => {
    const tags = headTags(await (await get("/about?utm_source=whatsapp")).text());
    expect(link(tags, "canonical")).toBe(`${baseURL()}/about`);
    expect(link(tags, "alternate", "en")).toBe(`${baseURL()}/about?lng=en`);
    expect(metaContent(tags, "description")?.length).toBeGreaterThan(0);
  });

  it("keep the 404 page out of the index", async () => {
    const response = await get("/no-such-page");
    expect(response.status).toBe(404);
    const tags = headTags(await response.text());
    expect(metaContent(tags, "robots")).toBe("noindex");
    expect(link(tags, "canonical")).toBeUndefined();
  });
});
