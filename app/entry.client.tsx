import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nProvider } from "./i18n/react";
import { HydratedRouter } from "react-router/dom";
import { defaultLanguage, isLanguage } from "./i18n/config";
import { createI18n } from "./i18n/i18n";

async function hydrate() {
  // The server wrote the language into <html lang>; load only that dictionary.
  const lang = document.documentElement.lang;
  const i18n = await createI18n(isLanguage(lang) ? lang : defaultLanguage);
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nProvider i18n={i18n}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nProvider>,
    );
  });
}

void hydrate();
