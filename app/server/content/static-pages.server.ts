import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import { loadStaticPages, type FaqPage, type Sentence, type StaticPageKey, type TextPage } from "~/i18n/static-pages";
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

/** The contacts the merchant has set: a sentence naming an unset one takes its other wording. */
interface ContactsSet {
  phone: boolean;
  email: boolean;
}

/**
 * The wording of a sentence for the contacts set: a sentence naming an unset contact reads its
 * variant pointing to the contact page, never the placeholder nor an empty "call us on ."
 */
function wordingFor(sentence: Sentence, set: ContactsSet): string {
  if (typeof sentence === "string") return sentence;
  const phoneUnset = !set.phone && sentence.text.includes("{{phone}}");
  const emailUnset = !set.email && sentence.text.includes("{{email}}");
  const wording = phoneUnset && emailUnset ? sentence.noContact : phoneUnset ? sentence.noPhone : emailUnset ? sentence.noEmail : sentence.text;
  // Every sentence has its variants (static-pages.test.ts): a missing one is a bug in the page files.
  if (wording === undefined) throw new Error(`No wording for an unset contact in: ${sentence.text}`);
  return wording;
}

function fillTextPage(page: TextPage<Sentence>, say: (sentence: Sentence) => string): TextPage {
  return {
    title: say(page.title),
    description: say(page.description),
    intro: say(page.intro),
    sections: page.sections.map((section) => ({ heading: say(section.heading), paragraphs: section.paragraphs.map(say) })),
  };
}

function fillFaqPage(page: FaqPage<Sentence>, say: (sentence: Sentence) => string): FaqPage {
  return {
    title: say(page.title),
    description: say(page.description),
    intro: say(page.intro),
    items: page.items.map((item) => ({ question: say(item.question), answer: say(item.answer) })),
  };
}

/**
 * A static page in the shopper's language, with the shop's name and contacts
 * and the real delivery fees filled in. The shipping page also carries the fee table.
 * A contact the merchant has not set (null) is never named: its sentences point to the contact page.
 */
export async function getStaticPage(
  db: Kysely<Database>,
  language: Language,
  key: StaticPageKey,
  shop: { name: string; phone: string | null; email: string | null },
): Promise<StaticPageContent> {
  const pages = await loadStaticPages(language);
  // Only pages that quote the fees (or list them) read the wilayas table.
  const quotesFees = key === "shipping" || /\{\{(minFee|maxFee)\}\}/.test(JSON.stringify(pages[key]));
  const wilayas = quotesFees ? await listWilayas(db, language) : [];
  const paidFees = wilayas.map((w) => w.homePrice).filter((fee) => fee > 0);
  const values = {
    shopName: shop.name,
    phone: shop.phone ?? "",
    email: shop.email ?? "",
    minFee: formatDinars(paidFees.length > 0 ? Math.min(...paidFees) : 0, language),
    maxFee: formatDinars(paidFees.length > 0 ? Math.max(...paidFees) : 0, language),
  };
  const set = { phone: shop.phone !== null, email: shop.email !== null };
  const say = (sentence: Sentence) => interpolate(wordingFor(sentence, set), values);
  if (key === "faq") return { kind: "faq", key, page: fillFaqPage(pages.faq, say), wilayas: null };
  return { kind: "text", key, page: fillTextPage(pages[key], say), wilayas: key === "shipping" ? wilayas : null };
}
