import { createInstance, type i18n as I18n } from "i18next";
import type { Dictionary } from "./ar";
import { defaultLanguage, type Language } from "./config";

/** Loads one language's dictionary; each is its own chunk, so a visitor downloads only theirs. */
export function loadDictionary(language: Language): Promise<Dictionary> {
  switch (language) {
    case "en":
      return import("./en").then((m) => m.default);
    case "fr":
      return import("./fr").then((m) => m.default);
    default:
      return import("./ar").then((m) => m.default);
  }
}

/**
 * An i18next instance for one language. Unknown keys render the key itself
 * (i18next's default when no fallback language is set). React escapes output,
 * so i18next must not escape a second time.
 */
export async function createI18n(language: Language, dictionary?: Dictionary): Promise<I18n> {
  const instance = createInstance();
  await instance.init({
    lng: language,
    fallbackLng: false,
    supportedLngs: ["ar", "en", "fr"],
    resources: { [language]: { translation: dictionary ?? (await loadDictionary(language)) } },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

export { defaultLanguage };
