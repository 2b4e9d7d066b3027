// Texts of the static pages (/about, /shipping, /terms, /returns, /privacy,
// /payment-methods, /faq). Arabic is the source language; en and fr mirror it
// section for section. Texts are plain strings with i18next placeholders:
// {{shopName}}, {{phone}}, {{email}}, {{minFee}}, {{maxFee}}.

/**
 * A sentence naming the shop's phone ({{phone}}) or e-mail ({{email}}), with its wording for each
 * way those can be unset: the merchant may not have set them yet, and a shopper must then read a
 * sentence pointing to the contact page, never a placeholder nor "call us on ." Which variant a
 * sentence needs follows from the placeholders of its `text` (checked by static-pages.test.ts).
 */
export interface ContactSentence {
  /** Every contact it names is set. */
  text: string;
  /** The phone is unset (for a `text` naming {{phone}}): names no phone. */
  noPhone?: string;
  /** The e-mail is unset (for a `text` naming {{email}}): names no e-mail. */
  noEmail?: string;
  /** Both are unset (for a `text` naming both): names neither. */
  noContact?: string;
}

/** A sentence as written in the page files: plain, or naming a contact that may be unset. */
export type Sentence = string | ContactSentence;

/** S: how a sentence is written (Sentence in the page files, string once filled in for a shopper). */
export interface TextSection<S = string> {
  heading: string;
  paragraphs: S[];
}

export interface TextPage<S = string> {
  title: string;
  /** One sentence for <meta name="description">. */
  description: string;
  intro: S;
  sections: TextSection<S>[];
}

export interface FaqPage<S = string> {
  title: string;
  description: string;
  intro: S;
  items: { question: string; answer: S }[];
}

export interface StaticPages {
  about: TextPage<Sentence>;
  shipping: TextPage<Sentence>;
  terms: TextPage<Sentence>;
  returns: TextPage<Sentence>;
  privacy: TextPage<Sentence>;
  paymentMethods: TextPage<Sentence>;
  faq: FaqPage<Sentence>;
}
