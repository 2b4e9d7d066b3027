import { createContext, useContext, type ReactNode } from "react";
import type { TFunction } from "i18next";
import type { I18n } from "./i18n";

/**
 * The page's translator (app/i18n/i18n.ts), for components. Our own two-line binding instead of react-i18next:
 * an instance holds one language for its whole life (switching language loads a new document),
 * so components need no subscription to language changes, and react-i18next's useTranslation
 * copies every property of the instance for each component that calls it, on every server render
 * (docs/decisions/0015-own-translator-instead-of-i18next-at-runtime.md).
 */
const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/** The translator and instance of the page (`t` is typed by the Arabic dictionary's keys). */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useTranslation() needs an I18nProvider above it");
  return { t: i18n.t, i18n };
}

/** Stands for a value while its sentence is translated (a private-use character no text contains). */
export const VALUE_SLOT = "\uE000";

/**
 * A translated sentence with its one value given as an element, e.g. a phone number kept left to
 * right (`<bdi dir="ltr">`) inside an Arabic sentence: its digit groups, separated by asterisks
 * or spaces, would be shown reversed otherwise, and not every browser honours the Unicode
 * isolate characters. Usage: `sentenceWith(t("key", { phone: VALUE_SLOT }), <bdi dir="ltr">…</bdi>)`.
 */
export function sentenceWith(sentence: string, node: ReactNode): ReactNode {
  const [before = "", after = ""] = sentence.split(VALUE_SLOT);
  return (
    <>
      {before}
      {node}
      {after}
    </>
  );
}
