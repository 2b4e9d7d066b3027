import type { MetaDescriptor } from "react-router";
import { LANGUAGE_QUERY, defaultLanguage, languages, type Language } from "~/i18n/config";

/**
 * Search and sharing tags for one page, in the page's language: <title>, meta
 * description, canonical URL, Open Graph (what WhatsApp and Facebook show when a
 * link is pasted), Twitter cards, hreflang alternates and schema.org JSON-LD.
 * Pure: routes pass the origin (see app/server/http/public-origin.server.ts) and path.
 *
 * URLs and languages: the language lives in the `lng` cookie, and `?lng=xx`
 * overrides it (app/i18n/config.ts). Every language of a page has its own URL:
 * `origin + path + ?lng=xx`. A crawler sends no cookie, so the bare URL serves
 * Arabic; x-default points at the Arabic URL.
 *
 * Each language version names itself as canonical (the URL of its own
 * hreflang alternate), as search engines require for hreflang to be honoured:
 * a French page whose canonical pointed at the Arabic URL would be folded into
 * the Arabic one and never indexed. The Arabic version's canonical is the
 * bare path (no `?lng=ar`), so sitemap URLs, shared links and canonicals agree.
 */

export type SeoAvailability = "in stock" | "out of stock";

export interface SeoImage {
  /** Absolute (`https://…`) or root-relative (`/images/…`); made absolute against `origin`. */
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface SeoInput {
  title: string;
  description: string;
  /** Scheme and host without a trailing slash, e.g. `https://shop.dz` (publicOrigin(request)). */
  origin: string;
  /** The canonical path without query, or with `?page=N` when N > 1 (see canonicalPath). */
  path: string;
  language: Language;
  image?: SeoImage;
  type?: "website" | "product";
  product?: { price: number; currency: "DZD"; availability: SeoAvailability };
  /** Pages search engines must not index (404, cart, search): no canonical and no alternates either. */
  noindex?: boolean;
  shopName: string;
}

/** Open Graph locales (Facebook knows ar_AR/fr_FR; ar_DZ and fr_DZ are valid and say Algeria). */
export const ogLocaleOf: Record<Language, string> = { ar: "ar_DZ", en: "en_GB", fr: "fr_DZ" };

/** Longest meta description we send; search engines show about 155–160 characters. */
export const DESCRIPTION_MAX_LENGTH = 200;

/** Collapses whitespace and cuts long text on a word boundary, with an ellipsis. */
export function summarize(text: string, max = DESCRIPTION_MAX_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:،؛-]+$/u, "")}…`;
}

/**
 * The canonical path of a requested URL: its pathname without a trailing slash
 * (except `/`), plus `?page=N` when it asks for page N > 1; every other query
 * parameter (lng, sort, utm_…) is dropped.
 */
export function canonicalPath(url: URL | string): string {
  const parsed = typeof url === "string" ? new URL(url, "http://localhost") : url;
  const pathname = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, "") || "/" : "/";
  const page = Number(parsed.searchParams.get("page"));
  return Number.isInteger(page) && page > 1 ? `${pathname}?page=${page}` : pathname;
}

/** `origin + path`, with `?lng=xx` (or `&lng=xx`) for every language but the default one. */
export function languageUrl(origin: string, path: string, language: Language): string {
  const base = `${trimOrigin(origin)}${path.startsWith("/") ? path : `/${path}`}`;
  if (language === defaultLanguage) return base;
  return `${base}${base.includes("?") ? "&" : "?"}${LANGUAGE_QUERY}=${language}`;
}

/** The URL of a page in each language, and x-default (the Arabic one): hreflang and sitemap alternates. */
export function alternateUrls(origin: string, path: string): Record<Language | "x-default", string> {
  const urls = Object.fromEntries(languages.map((language) => [language, languageUrl(origin, path, language)])) as Record<Language, string>;
  return { ...urls, "x-default": urls[defaultLanguage] };
}

/** An absolute URL for an image or link: absolute URLs stay, `//host/…` gets https, paths get the origin. */
export function absoluteUrl(origin: string, url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith("//")) return `https:${url}`;
  return `${trimOrigin(origin)}${url.startsWith("/") ? url : `/${url}`}`;
}

function trimOrigin(origin: string): string {
  return origin.replace(/\/+$/, "");
}

export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const { title, origin, path, language, image, product, noindex, shopName } = input;
  const description = summarize(input.description);
  const type = input.type ?? (product ? "product" : "website");
  const url = languageUrl(origin, path, language);
  const imageUrl = image ? absoluteUrl(origin, image.url) : undefined;

  const tags: MetaDescriptor[] = [{ title }, { name: "description", content: description }];

  if (noindex) {
    tags.push({ name: "robots", content: "noindex" });
  } else {
    tags.push({ tagName: "link", rel: "canonical", href: url });
    const alternates = alternateUrls(origin, path);
    for (const hrefLang of [...languages, "x-default"] as const) {
      tags.push({ tagName: "link", rel: "alternate", hrefLang, href: alternates[hrefLang] });
    }
  }

  tags.push(
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:site_name", content: shopName },
    { property: "og:locale", content: ogLocaleOf[language] },
    ...languages.filter((other) => other !== language).map((other) => ({ property: "og:locale:alternate", content: ogLocaleOf[other] })),
  );

  if (image && imageUrl) {
    tags.push(
      { property: "og:image", content: imageUrl },
      { property: "og:image:width", content: String(image.width) },
      { property: "og:image:height", content: String(image.height) },
      { property: "og:image:alt", content: image.alt },
    );
  }

  if (product) {
    tags.push(
      { property: "product:price:amount", content: String(product.price) },
      { property: "product:price:currency", content: product.currency },
      { property: "product:availability", content: product.availability },
    );
  }

  tags.push(
    { name: "twitter:card", content: imageUrl ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  );
  if (image && imageUrl) {
    tags.push({ name: "twitter:image", content: imageUrl }, { name: "twitter:image:alt", content: image.alt });
  }

  return tags;
}

export interface ProductJsonLdInput {
  origin: string;
  /** The product page's canonical path, e.g. `/products/tajine-pot`. */
  path: string;
  language: Language;
  name: string;
  description: string;
  /** In display order; absolute or root-relative. */
  images: string[];
  sku?: string | null;
  /** Whole dinars. */
  price: number;
  availability: SeoAvailability;
  shopName: string;
}

/** A schema.org Product, as plain JSON (what `{ "script:ld+json": … }` renders). */
export type ProductJsonLd = {
  "@context": "https://schema.org";
  "@type": "Product";
  name: string;
  description: string;
  image: string[];
  sku?: string;
  url: string;
  brand: { "@type": "Brand"; name: string };
  offers: {
    "@type": "Offer";
    price: number;
    priceCurrency: "DZD";
    availability: "https://schema.org/InStock" | "https://schema.org/OutOfStock";
    itemCondition: "https://schema.org/NewCondition";
    url: string;
    seller: { "@type": "Organization"; name: string };
  };
};

/** schema.org/Product with its Offer in dinars, for rich results (price and availability under the link). */
export function productJsonLd(input: ProductJsonLdInput): ProductJsonLd {
  const url = languageUrl(input.origin, input.path, input.language);
  const sku = input.sku?.trim();
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: input.name,
    description: summarize(input.description, 5000),
    image: input.images.map((image) => absoluteUrl(input.origin, image)),
    ...(sku ? { sku } : {}),
    url,
    brand: { "@type": "Brand", name: input.shopName },
    offers: {
      "@type": "Offer",
      price: input.price,
      priceCurrency: "DZD",
      availability: input.availability === "in stock" ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      url,
      seller: { "@type": "Organization", name: input.shopName },
    },
  };
}

/** The meta descriptor that renders a JSON-LD object as <script type="application/ld+json">. */
export function jsonLdMeta(object: ProductJsonLd | Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": object } as MetaDescriptor;
}

/** One public page of the sitemap: its canonical path and, when known, when it last changed. */
export interface SitemapEntry {
  path: string;
  /** ISO-8601 timestamp (the row's updated_at). */
  lastmod?: string;
}
