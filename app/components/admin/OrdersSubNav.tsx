import { useTranslation } from "~/i18n/react";
import { NavLink } from "react-router";

/** The two lists of the admin orders area: orders and wholesale enquiries (top of both pages). */
export function OrdersSubNav() {
  const { t } = useTranslation();
  const link = ({ isActive }: { isActive: boolean }) =>
    `inline-flex items-center rounded-lg px-3 py-1.5 text-sm font-semibold max-md:min-h-11 ${
      isActive ? "bg-brand-100 text-brand-900" : "text-stone-700 hover:bg-stone-100"
    }`;
  return (
    <nav aria-label={t("wholesale.admin.nav.label")} data-testid="orders-subnav">
      <ul className="flex flex-wrap gap-1 border-b border-stone-200 pb-2">
        <li>
          <NavLink to="/admin/orders" end className={link}>
            {t("wholesale.admin.nav.orders")}
          </NavLink>
        </li>
        <li>
          <NavLink to="/admin/orders/wholesale" className={link} data-testid="wholesale-enquiries-link">
            {t("wholesale.admin.nav.wholesale")}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
