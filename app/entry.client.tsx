import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nProvider } from "./i18n/react";
import { HydratedRouter } from "react-router/dom";
import { defaultLanguage, isLanguage } from "./i18n/config";
import { createI18n } from "./i18n/i18n";

/**
 * Resolves once the browser has painted: a requestAnimationFrame callback runs just before the
 * next paint, and a task queued from it runs after that paint.
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

async function hydrate() {
  // The server wrote the language into <html lang>; load only that dictionary.
  const lang = document.documentElement.lang;
  const [i18n] = await Promise.all([
    createI18n(isLanguage(lang) ? lang : defaultLanguage),
    // Show the server's page before hydration takes the main thread: on a slow phone, hydrating a
    // page of product cards is a long task, and the first paint would otherwise wait behind it.
    afterNextPaint(),
  ]);
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
