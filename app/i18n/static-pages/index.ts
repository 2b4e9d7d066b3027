import type { Language } from "../config";
import type { StaticPages } from "./types";

export type StaticPageKey = keyof StaticPages;

/** Loads one language's static page texts (server-side only: pages arrive as loader data). */
export async function loadStaticPages(language: Language): Promise<StaticPages> {
  switch (language) {
    case "en":
      return (await import("./en")).default;
    case "fr":
      return (await import("./fr")).default;
    default:
      return (await import("./ar")).default;
  }
}

export type { ContactSentence, FaqPage, Sentence, StaticPages, TextPage, TextSection } from "./types";
