import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import { loadStaticPages, type FaqPage, type StaticPageKey, type TextPage } from "~/i18n/static-pages";
import { formatDinars } from "~/lib/money";
import { interpolate } from "~/lib/text";
import type { Database } from "../db/database.server";
import { listWilayas, type Wilaya } from "../delivery/index.server";

/** URL path → page key. */
export const staticPageKeys: Record<string, StaticPageKey> = {
  about: "about",
  shipping: "shipping",
  terms: "terms",
  returns: "returns",
  privacy: "privacy",
  "payment-methods": "paymentMethods",
  faq: "faq",
};

export type StaticPageContent =
  | { kind: "text"; key: Exclude<StaticPageKey, "faq">; page: TextPage; wilayas: Wilaya[] | null }
  | { kind: "faq"; key: "faq"; page: FaqPage; wilayas: null };

function fill<T>(value: T, values: Record<string, string>): T {
  if (typeof value === "string") return interpolate(value, values) as T;
  if (Array.isArray(value)) return value.map((item) => fill(item, values)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, values)])) as T;
  }
  return value;
}

/**
 * A static page in the shopper's language, with the shop's name and contacts
 * and the real delivery fees filled in. The shipping page also carries the fee table.
 */
export async function getStaticPage(
  db: Kysely<Database>,
  language: Language,
  key: StaticPageKey,
  shop: { name: string; phone: string; email: string },
): Promise<StaticPageContent> {
  const pages = await loadStaticPages(language);
  // Only pages that quote the fees (or list them) read the wilayas table.
  const quotesFees = key === "shipping" || /\{\{(minFee|maxFee)\}\}/.test(JSON.stringify(pages[key]));
  const wilayas = quotesFees ? await listWilayas(db, language) : [];
  const paidFees = wilayas.map((w) => w.homePrice).filter((fee) => fee > 0);
  const values = {
    shopName: shop.name,
    phone: shop.phone,
    email: shop.email,
    minFee: formatDinars(paidFees.length > 0 ? Math.min(...paidFees) : 0, language),
    maxFee: formatDinars(paidFees.length > 0 ? Math.max(...paidFees) : 0, language),
  };
  if (key === "faq") return { kind: "faq", key, page: fill(pages.faq, values), wilayas: null };
  return { kind: "text", key, page: fill(pages[key], values), wilayas: key === "shipping" ? wilayas : null };
}
