import type { TFunction } from "i18next";
import type { Language } from "~/i18n/config";
import type { SeoInput } from "~/lib/seo";
import { env } from "./env.server";
import { requestI18n } from "./i18n.server";
import { publicOrigin } from "./seo/origin.server";

/** The shop's name as shoppers of a language see it (SHOP_NAME_AR in Arabic, SHOP_NAME otherwise). */
export function shopNameFor(language: Language): string {
  const config = env();
  return language === "ar" ? config.SHOP_NAME_AR : config.SHOP_NAME;
}

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

export async function pageContext(request: Request): Promise<PageContext> {
  const { language, t } = await requestI18n(request);
  const shopName = shopNameFor(language);
  const origin = publicOrigin(request);
  return {
    language,
    t,
    shopName,
    origin,
    pageTitle: (page) => t("meta.pageTitle", { page, shopName }),
    seo: (input) => ({ ...input, origin, language, shopName }),
  };
}
