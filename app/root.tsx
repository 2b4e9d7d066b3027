import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import arabicBold from "./fonts/noto-sans-arabic-700.woff2?url";
import arabicRegular from "./fonts/noto-sans-arabic-400.woff2?url";
import { NotFound } from "./components/shop/NotFound";
import { isAdminPath } from "./lib/admin-auth";
import { CartDrawer } from "./components/shop/CartDrawer";
import { CartProvider } from "./components/shop/CartProvider";
import { MetaPixel } from "./components/shop/MetaPixel";
import { SiteFooter } from "./components/shop/SiteFooter";
import { SiteHeader } from "./components/shop/SiteHeader";
import { useRootData, type RootData } from "./components/shop/useRootData";
import { defaultLanguage, directionOf, languageCookieForQuery, type Language } from "./i18n/config";
import { env } from "./server/env.server";
import { cookieIsSecure } from "./server/http/cookie-secure.server";
import { pageVariant } from "./server/http/page-variant.server";
import { getDb } from "./server/db/connection.server";
import { publicShopInfo } from "./server/settings/index.server";

export const links: Route.LinksFunction = () => [
  // `precedence` makes the stylesheet a React resource: React writes it at the top of <head>, so the
  // browser requests it before the route modules it preloads (a plain <link> came after all of them).
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

async function rootData(language: Language, cartCount = 0): Promise<RootData> {
  return {
    language,
    cartCount,
    dir: directionOf(language),
    // The merchant's settings (/admin/settings), the same for every visitor: they may sit in cached
    // pages, and saving them clears the page cache. Held in memory: the root loader sends no query.
    shop: await publicShopInfo(getDb(), language),
    metaPixelId: env().META_PIXEL_ID ?? null,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { language, cartCount } = pageVariant(request.url, request.headers.get("Cookie"));
  // A `?lng=` link (hreflang alternate, shared link) switches the cookie too, so the visit stays in that language.
  const cookie = languageCookieForQuery(request, { secure: cookieIsSecure(request) });
  return data(await rootData(language, cartCount), cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
}

/** Forwards the language cookie the loader may set (every page's document response). */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const forwarded = new Headers();
  for (const cookie of loaderHeaders.getSetCookie()) forwarded.append("Set-Cookie", cookie);
  return forwarded;
};

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const language = data?.language ?? defaultLanguage;
  return (
    <html lang={language} dir={data?.dir ?? directionOf(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#047857" />
        <Meta />
        {language === "ar" ? <ArabicFontPreloads /> : null}
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * An Arabic page shows both weights above the fold: fetch them with the HTML rather than after the
 * stylesheet (same hashed files as app.css's @font-face, so the preload is used). Other languages
 * need them only for the language switcher's Arabic name: no preload.
 */
function ArabicFontPreloads() {
  return (
    <>
      <link rel="preload" href={arabicRegular} as="font" type="font/woff2" crossOrigin="anonymous" />
      <link rel="preload" href={arabicBold} as="font" type="font/woff2" crossOrigin="anonymous" />
    </>
  );
}

/** The admin area (/admin/*) has its own shell (routes/admin/layout.tsx): no shop top bar, nav, footer or pixel. */
function useIsAdminPath(): boolean {
  const { pathname } = useLocation();
  return isAdminPath(pathname);
}

function Shell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const cartCount = useRootData()?.cartCount ?? 0;
  if (useIsAdminPath()) return <>{children}</>;
  return (
    <CartProvider serverCount={cartCount}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t("common.skipToContent")}
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
      <CartDrawer />
    </CartProvider>
  );
}

export default function App() {
  const isAdmin = useIsAdminPath();
  const configuredPixelId = useRootData()?.metaPixelId ?? null;
  const pixelId = isAdmin ? null : configuredPixelId;
  // Marks the document once React has taken over (tests and styles can wait for it), and the
  // moment in the performance timeline (Lighthouse lists it under User Timing marks).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    performance.mark("souq:hydrated");
  }, []);
  return (
    <Shell>
      <Outlet />
      <MetaPixel pixelId={pixelId} />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <title>{t("notFound.title")}</title>
        <meta name="robots" content="noindex" />
        <NotFound />
      </Shell>
    );
  }
  return (
    <Shell>
      <title>{t("error.title")}</title>
      <meta name="robots" content="noindex" />
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{t("error.title")}</h1>
        <p className="mt-3 text-stone-600">{t("error.message")}</p>
        <a href="/" className="mt-6 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white">
          {t("error.home")}
        </a>
      </section>
    </Shell>
  );
}
