// Texts of the static pages (/about, /shipping, /terms, /returns, /privacy,
// /payment-methods, /faq). Arabic is the source language; en and fr mirror it
// section for section. Texts are plain strings with i18next placeholders:
// {{shopName}}, {{phone}}, {{email}}.

export interface TextSection {
  heading: string;
  paragraphs: string[];
}

export interface TextPage {
  title: string;
  /** One sentence for <meta name="description">. */
  description: string;
  intro: string;
  sections: TextSection[];
}

export interface FaqPage {
  title: string;
  description: string;
  intro: string;
  items: { question: string; answer: string }[];
}

export interface StaticPages {
  about: TextPage;
  shipping: TextPage;
  terms: TextPage;
  returns: TextPage;
  privacy: TextPage;
  paymentMethods: TextPage;
  faq: FaqPage;
}
