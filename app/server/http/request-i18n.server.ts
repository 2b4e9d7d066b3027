import type { TFunction } from "i18next";
import { languageFromRequest, type Language } from "~/i18n/config";
import { i18nFor } from "../i18n.server";

/** The request's language and a translator for loaders and actions (titles, messages). */
export async function requestI18n(request: Request): Promise<{ language: Language; t: TFunction }> {
  const language = languageFromRequest(request);
  const instance = await i18nFor(language);
  return { language, t: instance.t };
}
