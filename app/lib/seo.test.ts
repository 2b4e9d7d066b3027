import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { absoluteUrl, alternateUrls, canonicalPath, jsonLdMeta, languageUrl, productJsonLd, seoMeta, summarize, type SeoInput } from "./seo";

const base: SeoInput = {
  title: "قدر طاجين | سوق",
  description: "قدر طاجين من الفخار.",
  origin: "https://shop.dz",
  path: "/products/tajine",
  language: "ar",
  shopName: "سوق",
};

type Tag = Record<string, unknown>;
const tags = (meta: MetaDescriptor[]) => meta as Tag[];
const property = (meta: MetaDescriptor[], name: string) =>
  tags(meta)
    .filter((tag) => tag.property === name || tag.name === name)
    .map((tag) => tag.content);
const links = (meta: MetaDescriptor[], rel: string) => tags(meta).filter((tag) => tag.tagName === "link" && tag.rel === rel);

describe("canonical paths and language URLs", () => {
  it("keeps the path, drops the query except ?page=N for N > 1", () => {
    expect(canonicalPath("https://shop.dz/")).toBe("/");
    expect(canonicalPath("https://shop.dz/about/?lng=fr&utm_source=fb")).toBe("/about");
    expect(canonicalPath(new URL("https://shop.dz/categories/toys?page=3&sort=price"))).toBe("/categories/toys?page=3");
    expect(canonicalPath("https://shop.dz/categories/toys?page=1")).toBe("/categories/toys");
    expect(canonicalPath("https://shop.dz/categories/toys?page=abc")).toBe("/categories/toys");
    expect(canonicalPath("https://shop.dz/categories/toys?page=-2")).toBe("/categories/toys");
  });

  it("gives Arabic the bare URL and the others ?lng=xx, after any ?page", () => {
    expect(languageUrl("https://shop.dz", "/", "ar")).toBe("https://shop.dz/");
    expect(languageUrl("https://shop.dz/", "/about", "fr")).toBe("https://shop.dz/about?lng=fr");
    expect(languageUrl("https://shop.dz", "/categories/toys?page=2", "en")).toBe("https://shop.dz/categories/toys?page=2&lng=en");
    expect(alternateUrls("https://shop.dz", "/faq")).toEqual({
      ar: "https://shop.dz/faq",
      en: "https://shop.dz/faq?lng=en",
      fr: "https://shop.dz/faq?lng=fr",
      "x-default": "https://shop.dz/faq",
    });
  });

  it("makes image URLs absolute", () => {
    expect(absoluteUrl("https://shop.dz", "/images/a.webp")).toBe("https://shop.dz/images/a.webp");
    expect(absoluteUrl("https://shop.dz/", "images/a.webp")).toBe("https://shop.dz/images/a.webp");
    expect(absoluteUrl("https://shop.dz", "https://cdn.example/a.webp")).toBe("https://cdn.example/a.webp");
    expect(absoluteUrl("https://shop.dz", "//cdn.example/a.webp")).toBe("https://cdn.example/a.webp");
  });

  it("summarizes long descriptions on a word boundary", () => {
    expect(summarize("  a\n\n b  ")).toBe("a b");
    const long = "كلمة ".repeat(100);
    const short = summarize(long, 50);
    expect(short.length).toBeLessThanOrEqual(50);
    expect(short.endsWith("كلمة…")).toBe(true);
  });
});

describe("seoMeta", () => {
  it("writes title, description, canonical and hreflang alternates for a page", () => {
    const meta = seoMeta({ ...base, path: "/about", title: "من نحن | سوق", description: "عن المتجر" });
    expect(meta[0]).toEqual({ title: "من نحن | سوق" });
    expect(property(meta, "description")).toEqual(["عن المتجر"]);
    expect(links(meta, "canonical")).toEqual([{ tagName: "link", rel: "canonical", href: "https://shop.dz/about" }]);
    expect(links(meta, "alternate")).toEqual([
      { tagName: "link", rel: "alternate", hrefLang: "ar", href: "https://shop.dz/about" },
      { tagName: "link", rel: "alternate", hrefLang: "en", href: "https://shop.dz/about?lng=en" },
      { tagName: "link", rel: "alternate", hrefLang: "fr", href: "https://shop.dz/about?lng=fr" },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: "https://shop.dz/about" },
    ]);
    expect(property(meta, "robots")).toEqual([]);
  });

  it("makes each language version its own canonical", () => {
    const fr = seoMeta({ ...base, path: "/", language: "fr", shopName: "Souq" });
    expect(links(fr, "canonical")[0]?.href).toBe("https://shop.dz/?lng=fr");
    expect(property(fr, "og:url")).toEqual(["https://shop.dz/?lng=fr"]);
    expect(property(fr, "og:locale")).toEqual(["fr_DZ"]);
    expect(property(fr, "og:locale:alternate")).toEqual(["ar_DZ", "en_GB"]);
    expect(property(seoMeta({ ...base, language: "en" }), "og:locale")).toEqual(["en_GB"]);
  });

  it("writes Open Graph and a summary Twitter card without an image", () => {
    const meta = seoMeta(base);
    expect(property(meta, "og:title")).toEqual([base.title]);
    expect(property(meta, "og:description")).toEqual([base.description]);
    expect(property(meta, "og:type")).toEqual(["website"]);
    expect(property(meta, "og:url")).toEqual(["https://shop.dz/products/tajine"]);
    expect(property(meta, "og:site_name")).toEqual(["سوق"]);
    expect(property(meta, "og:locale")).toEqual(["ar_DZ"]);
    expect(property(meta, "og:locale:alternate")).toEqual(["en_GB", "fr_DZ"]);
    expect(property(meta, "og:image")).toEqual([]);
    expect(property(meta, "twitter:card")).toEqual(["summary"]);
    expect(property(meta, "twitter:title")).toEqual([base.title]);
    expect(property(meta, "twitter:description")).toEqual([base.description]);
    expect(property(meta, "twitter:image")).toEqual([]);
  });

  it("writes a product's price, availability and absolute image for link previews", () => {
    const meta = seoMeta({
      ...base,
      type: "product",
      image: { url: "/images/products/tajine.svg", width: 800, height: 800, alt: "قدر طاجين" },
      product: { price: 2500, currency: "DZD", availability: "out of stock" },
    });
    expect(property(meta, "og:type")).toEqual(["product"]);
    expect(property(meta, "og:image")).toEqual(["https://shop.dz/images/products/tajine.svg"]);
    expect(property(meta, "og:image:width")).toEqual(["800"]);
    expect(property(meta, "og:image:height")).toEqual(["800"]);
    expect(property(meta, "og:image:alt")).toEqual(["قدر طاجين"]);
    expect(property(meta, "product:price:amount")).toEqual(["2500"]);
    expect(property(meta, "product:price:currency")).toEqual(["DZD"]);
    expect(property(meta, "product:availability")).toEqual(["out of stock"]);
    expect(property(meta, "twitter:card")).toEqual(["summary_large_image"]);
    expect(property(meta, "twitter:image")).toEqual(["https://shop.dz/images/products/tajine.svg"]);
  });

  it("defaults og:type to product when a price is given", () => {
    const meta = seoMeta({ ...base, product: { price: 10, currency: "DZD", availability: "in stock" } });
    expect(property(meta, "og:type")).toEqual(["product"]);
  });

  it("marks noindex pages and gives them no canonical or alternates", () => {
    const meta = seoMeta({ ...base, path: "/nowhere", noindex: true });
    expect(property(meta, "robots")).toEqual(["noindex"]);
    expect(links(meta, "canonical")).toEqual([]);
    expect(links(meta, "alternate")).toEqual([]);
  });

  it("keeps descriptions to a sensible length", () => {
    const meta = seoMeta({ ...base, description: "word ".repeat(200) });
    const [description] = property(meta, "description") as string[];
    expect(description!.length).toBeLessThanOrEqual(200);
  });
});

describe("productJsonLd", () => {
  const input = {
    origin: "https://shop.dz",
    path: "/products/tajine",
    language: "ar" as const,
    name: "قدر طاجين",
    description: "قدر طاجين من الفخار.",
    images: ["/images/products/tajine.svg", "https://cdn.example/tajine-2.webp"],
    sku: "TAJ-1",
    price: 2500,
    availability: "in stock" as const,
    shopName: "سوق",
  };

  it("is a schema.org Product with an Offer in dinars", () => {
    expect(productJsonLd(input)).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "قدر طاجين",
      description: "قدر طاجين من الفخار.",
      image: ["https://shop.dz/images/products/tajine.svg", "https://cdn.example/tajine-2.webp"],
      sku: "TAJ-1",
      url: "https://shop.dz/products/tajine",
      brand: { "@type": "Brand", name: "سوق" },
      offers: {
        "@type": "Offer",
        price: 2500,
        priceCurrency: "DZD",
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/NewCondition",
        url: "https://shop.dz/products/tajine",
        seller: { "@type": "Organization", name: "سوق" },
      },
    });
  });

  it("says OutOfStock, leaves out an empty sku and uses the language's URL", () => {
    const ld = productJsonLd({ ...input, sku: " ", availability: "out of stock", language: "fr" });
    expect(ld.offers.availability).toBe("https://schema.org/OutOfStock");
    expect("sku" in ld).toBe(false);
    expect(ld.url).toBe("https://shop.dz/products/tajine?lng=fr");
    expect(jsonLdMeta(ld)).toEqual({ "script:ld+json": ld });
  });
});
