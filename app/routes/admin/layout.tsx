import { useTranslation } from "~/i18n/react";
import { isRouteErrorResponse, Link, NavLink, Outlet, useRouteError } from "react-router";
import { AdminForbidden } from "~/components/admin/AdminLoadError";
import { NewOrdersBadge } from "~/components/admin/NewOrdersBadge";
import { LanguageButton } from "~/components/shop/LanguageButton";
import { Logo } from "~/components/shop/Logo";
import { defaultLanguage } from "~/i18n/config";
import { useRootData } from "~/components/shop/useRootData";
import { ADMIN_HEADERS, requireAdmin } from "~/server/http/admin-session.server";
import { getDb } from "~/server/db/connection.server";
import { isShopPhoneSet } from "~/server/settings/index.server";
import { mayUse, mayUseAny, type AdminRole } from "~/lib/admin-roles";
import { ADMIN_TABS, tabsFor, type AdminTab } from "~/lib/admin-tabs";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, "signed_in");
  // A first or reset password is changed before anything else (requireAdmin sends every other
  // page there); the shell shows no tabs meanwhile.
  return {
    email: admin.email,
    name: admin.name,
    role: admin.role,
    tabs: admin.mustChangePassword ? [] : tabsFor(admin.role),
    /** The new-orders count is for those who handle new orders. */
    newOrdersBadge: mayUseAny(admin.role, ["orders", "queue"]),
    phoneMissing: mayUse(admin.role, "settings") && !(await isShopPhoneSet(getDb())),
  };
}

/** Admin pages are never cached nor indexed; children inherit these headers unless they export their own. */
export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const merged = new Headers(parentHeaders);
  for (const [name, value] of Object.entries(ADMIN_HEADERS)) merged.set(name, value);
  for (const cookie of loaderHeaders.getSetCookie()) merged.append("Set-Cookie", cookie);
  return merged;
};

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

function AdminHeader({ who }: { who: { email: string; name: string; role: AdminRole } | null }) {
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
          {who ? (
            <Link
              to="/admin/password"
              className="flex min-h-11 min-w-0 items-center truncate text-sm text-stone-600 hover:text-brand-800"
              title={who.email}
              data-testid="admin-who"
              data-role={who.role}
            >
              <span className="truncate">{t("admin.who", { name: who.name, role: t(`admin.roles.${who.role}`) })}</span>
            </Link>
          ) : null}
          <LanguageButton language={root?.language ?? defaultLanguage} />
          {who ? (
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

function AdminTabs({ tabs, newOrdersBadge }: { tabs: readonly AdminTab[]; newOrdersBadge: boolean }) {
  const { t } = useTranslation();
  if (tabs.length === 0) return null;
  return (
    <nav aria-label={t("admin.tabsLabel")} className="border-b border-stone-200 bg-white">
      {/* Each tab is relative: the new-orders badge's screen-reader text (absolutely placed) stays inside the scrolling strip, never past the page's edge. */}
      <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 whitespace-nowrap" data-testid="admin-tabs">
        {ADMIN_TABS.filter(({ tab }) => tabs.includes(tab)).map(({ tab, to }) => (
          <li key={tab} className="relative shrink-0">
            <NavLink
              to={to}
              end={to === "/admin"}
              prefetch="intent"
              className={({ isActive }) =>
                `block border-b-2 px-3 py-3 text-sm font-medium ${
                  isActive ? "border-brand-700 text-brand-800" : "border-transparent text-stone-700 hover:text-brand-800"
                }`
              }
              data-tab={tab}
            >
              {t(`admin.tabs.${tab}`)}
              {tab === "orders" && newOrdersBadge ? <NewOrdersBadge /> : null}
            </NavLink>
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
      <AdminHeader who={loaderData} />
      <AdminTabs tabs={loaderData.tabs} newOrdersBadge={loaderData.newOrdersBadge} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {loaderData.phoneMissing ? <NoPhoneBanner /> : null}
        <Outlet />
      </main>
    </div>
  );
}

/**
 * A 401 from a client-side navigation (the session ended meanwhile): offer to sign in again; a 403
 * of a page without its own boundary: the forbidden page.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const unauthorized = isRouteErrorResponse(error) && error.status === 401;
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <div className="flex min-h-dvh flex-col bg-stone-50">
        <AdminHeader who={null} />
        <main id="main" className="mx-auto w-full max-w-xl flex-1 px-4 py-16">
          <AdminForbidden />
        </main>
      </div>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <AdminHeader who={null} />
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
