import { useTranslation } from "~/i18n/react";
import { isRouteErrorResponse, Link, NavLink, Outlet, useRouteError } from "react-router";
import { NewOrdersBadge } from "~/components/admin/NewOrdersBadge";
import { LanguageButton } from "~/components/shop/LanguageButton";
import { Logo } from "~/components/shop/Logo";
import { defaultLanguage } from "~/i18n/config";
import { useRootData } from "~/components/shop/useRootData";
import { ADMIN_HEADERS, requireAdmin } from "~/server/http/admin-session.server";
import { getDb } from "~/server/db/connection.server";
import { isShopPhoneSet } from "~/server/settings/index.server";
import type { Route } from "./+types/layout";

/** Every tab of the admin area, in display order; each is the path segment under /admin/. */
export const ADMIN_TABS = [
  "products",
  "orders",
  "inventory",
  "custom-pages",
  "collections",
  "page-layouts",
  "analytics",
  "categories",
  "sections",
  "delivery",
  "couriers",
  "settings",
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/**
 * The tabs whose pages exist: the others show, disabled, with a "arrives later" title.
 * Add one line here (and one route line in app/routes.ts) when a page lands.
 */
const AVAILABLE_TABS: readonly AdminTab[] = [
  "products",
  "orders",
  "inventory",
  "custom-pages",
  "collections",
  "page-layouts",
  "analytics",
  "categories",
  "sections",
  "delivery",
  "couriers",
  "settings",
];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, "signed_in");
  return { email: admin.email, phoneMissing: !(await isShopPhoneSet(getDb())) };
}

/** Admin pages are never cached nor indexed; children inherit these headers unless they export their own. */
export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const merged = new Headers(parentHeaders);
  for (const [name, value] of Object.entries(ADMIN_HEADERS)) merged.set(name, value);
  for (const cookie of loaderHeaders.getSetCookie()) merged.append("Set-Cookie", cookie);
  return merged;
};

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

function AdminHeader({ email }: { email: string | null }) {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2.5">
        <Link to="/admin" className="flex items-center gap-2">
          <Logo className="size-8" />
          <span className="font-bold text-brand-900">{root?.shop.name}</span>
          <span className="text-sm text-stone-500">{t("admin.title")}</span>
        </Link>
        <div className="ms-auto flex min-w-0 items-center gap-2">
          {email ? (
            <span className="hidden truncate text-sm text-stone-600 sm:inline" data-testid="admin-email" dir="ltr">
              {t("admin.signedInAs", { email })}
            </span>
          ) : null}
          <LanguageButton language={root?.language ?? defaultLanguage} />
          {email ? (
            <form method="post" action="/admin/logout">
              <button
                type="submit"
                className="h-10 rounded-lg border border-stone-300 px-3 text-sm font-medium hover:bg-stone-100"
                data-testid="admin-logout"
              >
                {t("admin.logout")}
              </button>
            </form>
          ) : null}
        </div>
      </div>
    </header>
  );
}

function AdminTabs() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("admin.tabsLabel")} className="border-b border-stone-200 bg-white">
      <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 whitespace-nowrap" data-testid="admin-tabs">
        {ADMIN_TABS.map((tab) => (
          <li key={tab} className="shrink-0">
            {AVAILABLE_TABS.includes(tab) ? (
              <NavLink
                to={`/admin/${tab}`}
                prefetch="intent"
                className={({ isActive }) =>
                  `block border-b-2 px-3 py-3 text-sm font-medium ${
                    isActive ? "border-brand-700 text-brand-800" : "border-transparent text-stone-700 hover:text-brand-800"
                  }`
                }
                data-tab={tab}
              >
                {t(`admin.tabs.${tab}`)}
                {tab === "orders" ? <NewOrdersBadge /> : null}
              </NavLink>
            ) : (
              <span
                aria-disabled="true"
                title={t("admin.comingLater")}
                className="block cursor-not-allowed border-b-2 border-transparent px-3 py-3 text-sm text-stone-400"
                data-tab={tab}
              >
                {t(`admin.tabs.${tab}`)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** On every admin page until the shop has a phone: shoppers are shown none meanwhile. */
function NoPhoneBanner() {
  const { t } = useTranslation();
  return (
    <p role="alert" className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="admin-no-phone">
      {t("settings.banner.noPhone")}{" "}
      <Link to="/admin/settings" className="font-semibold underline">
        {t("settings.banner.link")}
      </Link>
    </p>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <AdminHeader email={loaderData.email} />
      <AdminTabs />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {loaderData.phoneMissing ? <NoPhoneBanner /> : null}
        <Outlet />
      </main>
    </div>
  );
}

/** A 401 from a client-side navigation (the session ended meanwhile): offer to sign in again. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const unauthorized = isRouteErrorResponse(error) && error.status === 401;
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <AdminHeader email={null} />
      <main id="main" className="mx-auto w-full max-w-xl flex-1 px-4 py-16 text-center">
        <title>{t(unauthorized ? "admin.login.title" : "error.title")}</title>
        <p className="text-stone-700" role="alert">
          {unauthorized ? t("admin.errors.unauthorized") : t("error.message")}
        </p>
        <a href={unauthorized ? "/admin/login" : "/admin"} className="mt-6 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white">
          {unauthorized ? t("admin.errors.signInAgain") : t("admin.title")}
        </a>
      </main>
    </div>
  );
}
