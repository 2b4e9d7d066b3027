import type { Language } from "~/i18n/config";
import { createI18n, type I18n } from "~/i18n/i18n";

const instances = new Map<Language, Promise<I18n>>();

/** One translator per language, built once and shared by every request (never mutated). */
export function i18nFor(language: Language): Promise<I18n> {
  let instance = instances.get(language);
  if (!instance) {
    instance = createI18n(language);
    instances.set(language, instance);
  }
  return instance;
}
