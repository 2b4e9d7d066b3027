import { useTranslation } from "~/i18n/react";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";

/**
 * What an admin list shows, inside the admin layout, when its data could not be loaded
 * (one "data load failed" text for every list, adminInventory keys), with a plain link that loads the page again.
 */
export function AdminLoadError() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
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
 * (sign in again); any other failure shows the load error inside the layout.
 */
export function AdminErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 401) throw error;
  return <AdminLoadError />;
}
