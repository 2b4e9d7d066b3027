import { useTranslation } from "~/i18n/react";
import { isRouteErrorResponse, Link, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import { isAdminRole } from "~/lib/admin-roles";
import { adminHomeFor } from "~/lib/admin-tabs";

/**
 * The admin's 403, inside the admin layout: the admin's role may not use this page or this order
 * (app/lib/admin-roles.ts); a link to the admin's home, the first tab of their role.
 */
export function AdminForbidden() {
  const { t } = useTranslation();
  const shell = useRouteLoaderData("routes/admin/layout") as { role?: unknown } | undefined;
  const home = isAdminRole(shell?.role) ? adminHomeFor(shell.role) : "/admin";
  return (
    <div className="rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200" data-testid="admin-forbidden">
      <title>{t("error.title")}</title>
      <p role="alert" className="font-medium break-words text-stone-800">
        {t("admin.errors.forbidden")}
      </p>
      <Link
        to={home}
        className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t("admin.errors.home")}
      </Link>
    </div>
  );
}

/**
 * What an admin list shows, inside the admin layout, when its data could not be loaded
 * (one "data load failed" text for every list, adminInventory keys), with a plain link that loads the page again.
 * Inside an error boundary, a 403 shows the forbidden page instead.
 */
export function AdminLoadError() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <AdminForbidden />;
  return (
    <div className="rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200" data-testid="admin-load-error">
      <p role="alert" className="font-medium text-red-800">
        {t("adminInventory.common.loadError")}
      </p>
      <a href={pathname} className="mt-4 inline-block rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        {t("adminInventory.common.retry")}
      </a>
    </div>
  );
}

/**
 * The error boundary of an admin page: a lost session is the layout's to explain
 * (sign in again); a 403 (the role may not use the page) shows the translated forbidden page;
 * any other failure shows the load error inside the layout.
 */
export function AdminErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 401) throw error;
  if (isRouteErrorResponse(error) && error.status === 403) return <AdminForbidden />;
  return <AdminLoadError />;
}
