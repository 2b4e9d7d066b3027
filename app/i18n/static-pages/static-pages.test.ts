import { describe, it, expect } from "vitest";
import ar from "./ar";
import en from "./en";
import fr from "./fr";
import type { ContactSentence, FaqPage, Sentence, StaticPages, TextPage } from "./types";

const languages: Record<"ar" | "en" | "fr", StaticPages> = { ar, en, fr };
const pageKeys = ["about", "shipping", "terms", "returns", "privacy", "paymentMethods", "faq"] as const;
const textPageKeys = pageKeys.filter((k): k is Exclude<(typeof pageKeys)[number], "faq"> => k !== "faq");

type AnyPage = TextPage<Sentence> | FaqPage<Sentence>;

/** Every sentence of a page as written, in reading order. */
function sentences(page: AnyPage): Sentence[] {
  const out: Sentence[] = [page.title, page.description, page.intro];
  if ("sections" in page) {
    for (const s of page.sections) out.push(s.heading, ...s.paragraphs);
  } else {
    for (const item of page.items) out.push(item.question, item.answer);
  }
  return out;
}

const wordings = (sentence: Sentence): string[] =>
  typeof sentence === "string" ? [sentence] : [sentence.text, sentence.noPhone, sentence.noEmail, sentence.noContact].filter((w) => w !== undefined);

/** Every string of a page (each wording of a contact sentence), in reading order. */
const strings = (page: AnyPage): string[] => sentences(page).flatMap(wordings);

const contactSentences = (page: AnyPage) => sentences(page).filter((s): s is ContactSentence => typeof s !== "string");
const variantsOf = (sentence: ContactSentence) => (["noPhone", "noEmail", "noContact"] as const).filter((k) => sentence[k] !== undefined);

const fullText = (page: AnyPage) => strings(page).join("\n");
const placeholders = (page: AnyPage) => [...new Set(fullText(page).match(/\{\{[^}]*\}\}/g) ?? [])].sort();

describe("static pages", () => {
  it("have the same pages in every language", () => {
    for (const pages of Object.values(languages)) {
      expect(Object.keys(pages).sort()).toEqual([...pageKeys].sort());
    }
  });

  it("have the same number of sections, paragraphs and FAQ items in every language", () => {
    for (const key of textPageKeys) {
      const shape = (p: TextPage<Sentence>) => p.sections.map((s) => s.paragraphs.length);
      expect(shape(en[key]), `en.${key}`).toEqual(shape(ar[key]));
      expect(shape(fr[key]), `fr.${key}`).toEqual(shape(ar[key]));
    }
    expect(en.faq.items).toHaveLength(ar.faq.items.length);
    expect(fr.faq.items).toHaveLength(ar.faq.items.length);
  });

  it("are concise: 3 to 5 sections of 1 to 3 paragraphs", () => {
    for (const [lang, pages] of Object.entries(languages)) {
      for (const key of textPageKeys) {
        const { sections } = pages[key];
        expect(sections.length, `${lang}.${key}`).toBeGreaterThanOrEqual(3);
        expect(sections.length, `${lang}.${key}`).toBeLessThanOrEqual(5);
        for (const s of sections) {
          expect(s.paragraphs.length, `${lang}.${key}: ${s.heading}`).toBeGreaterThanOrEqual(1);
          expect(s.paragraphs.length, `${lang}.${key}: ${s.heading}`).toBeLessThanOrEqual(3);
        }
      }
    }
  });

  it("have no empty strings and no HTML or markdown", () => {
    for (const [lang, pages] of Object.entries(languages)) {
      for (const key of pageKeys) {
        for (const s of strings(pages[key])) {
          expect(s.trim(), `${lang}.${key}`).not.toBe("");
          expect(s, `${lang}.${key}`).not.toMatch(/<[a-z/]|\*\*|^#|\]\(/i);
        }
      }
    }
  });

  it("use only the known placeholders, the same ones in every language", () => {
    for (const key of pageKeys) {
      const expected = placeholders(ar[key]);
      for (const p of expected) expect(["{{email}}", "{{maxFee}}", "{{minFee}}", "{{phone}}", "{{shopName}}"]).toContain(p);
      expect(placeholders(en[key]), `en.${key}`).toEqual(expected);
      expect(placeholders(fr[key]), `fr.${key}`).toEqual(expected);
    }
  });

  it("name the shop with {{shopName}} on the about page", () => {
    for (const pages of Object.values(languages)) {
      expect(fullText(pages.about)).toContain("{{shopName}}");
    }
  });

  it("state the 14-day return period", () => {
    expect(fullText(ar.returns)).toContain("14");
    expect(fullText(ar.returns)).toMatch(/يوم|أيام/);
    expect(fullText(en.returns)).toMatch(/14 days/);
    expect(fullText(fr.returns)).toMatch(/14 jours/);
  });

  it("name cash on delivery and bank transfer on the payment methods page", () => {
    expect(fullText(ar.paymentMethods)).toContain("الدفع عند الاستلام");
    expect(fullText(ar.paymentMethods)).toContain("التحويل البنكي");
    expect(fullText(en.paymentMethods)).toMatch(/cash on delivery/i);
    expect(fullText(en.paymentMethods)).toMatch(/bank transfer/i);
    expect(fullText(fr.paymentMethods)).toMatch(/paiement à la livraison/i);
    expect(fullText(fr.paymentMethods)).toMatch(/virement bancaire/i);
  });

  it("give the delivery fee range (as placeholders) and 69 wilayas on the shipping page", () => {
    for (const pages of Object.values(languages)) {
      const text = fullText(pages.shipping);
      expect(text).toContain("69");
      // The fee bounds come from the wilayas table (an admin can change them), never fixed in the text.
      expect(text).toContain("{{minFee}}");
      expect(text).toContain("{{maxFee}}");
    }
  });

  it("have exactly two FAQ items: delivery, then ordering", () => {
    for (const pages of Object.values(languages)) {
      expect(pages.faq.items).toHaveLength(2);
    }
    expect(ar.faq.items[0]?.question).toContain("التوصيل");
    expect(ar.faq.items[1]?.question).toMatch(/أطلب|الطلب/);
    expect(en.faq.items[0]?.question).toMatch(/delivery/i);
    expect(en.faq.items[1]?.question).toMatch(/order/i);
    expect(fr.faq.items[0]?.question).toMatch(/livraison/i);
    expect(fr.faq.items[1]?.question).toMatch(/commande/i);
  });

  it("name the phone or the e-mail only in sentences that have a wording for it unset", () => {
    for (const [lang, pages] of Object.entries(languages)) {
      for (const key of pageKeys) {
        for (const sentence of sentences(pages[key])) {
          const where = `${lang}.${key}: ${typeof sentence === "string" ? sentence : sentence.text}`;
          if (typeof sentence === "string") {
            expect(sentence, where).not.toMatch(/\{\{(phone|email)\}\}/);
            continue;
          }
          const phone = sentence.text.includes("{{phone}}");
          const email = sentence.text.includes("{{email}}");
          expect(phone || email, where).toBe(true);
          expect(variantsOf(sentence), where).toEqual([
            ...(phone ? ["noPhone"] : []),
            ...(email ? ["noEmail"] : []),
            ...(phone && email ? ["noContact"] : []),
          ]);
          // Each variant names no unset contact and points to the contact page instead.
          if (sentence.noPhone !== undefined) expect(sentence.noPhone, where).not.toContain("{{phone}}");
          if (sentence.noEmail !== undefined) expect(sentence.noEmail, where).not.toContain("{{email}}");
          if (sentence.noContact !== undefined) expect(sentence.noContact, where).not.toMatch(/\{\{(phone|email)\}\}/);
          for (const variant of variantsOf(sentence)) expect(sentence[variant], where).toMatch(/صفحة اتصل بنا|contact page|page contact/);
        }
      }
    }
  });

  it("give the same contact sentences the same variants in every language", () => {
    for (const key of pageKeys) {
      const shape = (page: AnyPage) => contactSentences(page).map(variantsOf);
      expect(shape(en[key]), `en.${key}`).toEqual(shape(ar[key]));
      expect(shape(fr[key]), `fr.${key}`).toEqual(shape(ar[key]));
    }
  });
});
