import type { TFunction } from "i18next";
import type { Language } from "~/i18n/config";
import { largestImageUrl, shareImage, type ProductImageData } from "~/lib/product";
import { absoluteUrl, productJsonLd, type SeoInput } from "~/lib/seo";
import { getDb } from "../db/connection.server";
import { shopName as storedShopName } from "../settings/index.server";
import { publicOrigin } from "./public-origin.server";
import { requestI18n } from "./request-i18n.server";

/** What every page loader needs to speak the shopper's language and describe itself to search engines and share previews. */
export interface PageContext {
  language: Language;
  t: TFunction;
  shopName: string;
  origin: string;
  /** "{page} | {shop}" */
  pageTitle(page: string): string;
  /** seoMeta's input with this request's origin, language and shop name filled in. */
  seo(input: Omit<SeoInput, "origin" | "language" | "shopName">): SeoInput;
}

/** The page context of a language, public origin and shop name (pageContext in app/server/http/ reads them from the request). */
export function pageContextFor(language: Language, t: TFunction, origin: string, shopName: string): PageContext {
  return {
    language,
    t,
    shopName,
    origin,
    pageTitle: (page) => t("meta.pageTitle", { page, shopName }),
    seo: (input) => ({ ...input, origin, language, shopName }),
  };
}

/** What productPageSeo needs of the piece a page sells (a catalogue product, a jewellery item). */
export interface SoldItem {
  title: string;
  description: string;
  images: ProductImageData[];
  sku: string | null;
  price: number;
  inStock: boolean;
  stockQuantity: number;
}

/**
 * The meta of a page that sells one piece (/products/{slug}, /jewellery/{id}): seoMeta's input with
 * the main image and the offer for share previews, and the schema.org Product for search engines.
 */
export function productPageSeo(ctx: PageContext, item: SoldItem, path: string) {
  const { language, origin, shopName } = ctx;
  const availability = item.inStock && item.stockQuantity > 0 ? ("in stock" as const) : ("out of stock" as const);
  const mainImage = item.images[0];
  return {
    seo: ctx.seo({
      title: ctx.pageTitle(item.title),
      description: item.description || item.title,
      path,
      image: mainImage ? { ...shareImage(mainImage), alt: mainImage.alt || item.title } : undefined,
      product: { price: item.price, currency: "DZD", availability },
    }),
    jsonLd: productJsonLd({
      origin,
      path,
      language,
      name: item.title,
      description: item.description,
      images: item.images.map((image) => absoluteUrl(origin, largestImageUrl(image))),
      sku: item.sku,
      price: item.price,
      availability,
      shopName,
    }),
  };
}

/** The page context of a request: its language and translator, and the shop's public origin. */
export async function pageContext(request: Request): Promise<PageContext> {
  const { language, t } = await requestI18n(request);
  // The merchant's name from /admin/settings, else SHOP_NAME_AR / SHOP_NAME (held in memory: no query).
  return pageContextFor(language, t, publicOrigin(request), await storedShopName(getDb(), language));
}
