/**
 * The merchant's own texts (a collection's, a custom page's, a page section's) in the shop's
 * three languages. Arabic is required and the reference; English and French are optional
 * translations beside it. A page shows its language's text, or the Arabic one when the merchant
 * gave none, so a missing translation never leaves a blank title.
 */
import type { Language } from "~/i18n/config";

/** The languages a merchant's text may be translated into (Arabic is the text itself). */
export const TRANSLATED_LANGUAGES = ["en", "fr"] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/** A text's translations, null (or blank) where the merchant gave none. */
export type Translations = Record<TranslatedLanguage, string | null>;

const given = (text: string | null | undefined): text is string => typeof text === "string" && text.trim() !== "";

/** The text `language` has of its own: the Arabic text in Arabic, else its translation; null when none was given. */
export function ownText(arabic: string | null, translations: Translations, language: Language): string | null {
  const text = language === "ar" ? arabic : translations[language];
  return given(text) ? text : null;
}

/** The text shown in `language`: its translation when given, else the Arabic text. */
export function textIn(arabic: string, translations: Translations, language: Language): string;
export function textIn(arabic: string | null, translations: Translations, language: Language): string | null;
export function textIn(arabic: string | null, translations: Translations, language: Language): string | null {
  return ownText(arabic, translations, language) ?? arabic;
}

/**
 * A page's meta title or meta description in `language`, null when the page's visible text
 * (its title or description) should be used instead: the meta text in that language when given;
 * none, but the visible text has a translation in that language: null, so an English page never
 * pairs an English title with an Arabic meta title; otherwise the Arabic meta text.
 */
export function metaTextIn(
  meta: { arabic: string | null; translations: Translations },
  visible: { arabic: string | null; translations: Translations },
  language: Language,
): string | null {
  const own = ownText(meta.arabic, meta.translations, language);
  if (own !== null) return own;
  if (language !== "ar" && ownText(visible.arabic, visible.translations, language) !== null) return null;
  return given(meta.arabic) ? meta.arabic : null;
}
