import { useTranslation } from "~/i18n/react";
import { useLocation } from "react-router";
import { nextLanguage, type Language } from "~/i18n/config";

/**
 * Cycles ar → en → fr → ar. A plain form post (works before JS loads): the
 * server sets the `lng` cookie and sends the shopper back to the same page,
 * which then renders whole in the new language and direction.
 */
export function LanguageButton({ language }: { language: Language }) {
  const { t } = useTranslation();
  const location = useLocation();
  const next = nextLanguage(language);
  const nextName = t(`languageNames.${next}`);
  return (
    <form method="post" action="/api/language">
      <input type="hidden" name="lng" value={next} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        lang={next}
        aria-label={t("topBar.changeLanguage", { language: nextName })}
        className="flex h-10 items-center gap-1.5 rounded-lg border border-stone-300 px-3 text-sm font-medium hover:bg-stone-100"
        data-testid="language-button"
      >
        <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
        </svg>
        {nextName}
      </button>
    </form>
  );
}
