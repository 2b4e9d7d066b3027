import { useTranslation } from "~/i18n/react";
import { Link, NavLink } from "react-router";

const items = [
  { to: "/", key: "nav.home", end: true },
  // NavLink marks Categories active on /categories and every path below it.
  { to: "/categories", key: "nav.categories", end: false },
  { to: "/home-appliances", key: "nav.homeAppliances", end: false },
  { to: "/school-supplies", key: "nav.schoolSupplies", end: false },
  { to: "/games", key: "nav.games", end: false },
  { to: "/contact", key: "nav.contact", end: false },
  { to: "/cart", key: "nav.cart", end: false },
] as const;

export function MainNav({ open, id }: { open: boolean; id: string }) {
  const { t } = useTranslation();
  return (
    <nav id={id} aria-label={t("nav.label")} className={`${open ? "block" : "hidden"} border-t border-stone-200 bg-white md:block`}>
      <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-2 md:flex-row md:items-center md:gap-2">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                `block rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-800" : "text-stone-700 hover:bg-stone-100"}`
              }
            >
              {t(item.key)}
            </NavLink>
          </li>
        ))}
        <li className="md:ms-auto">
          <Link to="/cart" className="block rounded-lg bg-accent-500 px-4 py-2 text-center text-sm font-bold text-stone-900 hover:bg-amber-400">
            {t("nav.buyNow")}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
