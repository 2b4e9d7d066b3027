import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Link, useLocation } from "react-router";
import { defaultLanguage } from "~/i18n/config";
import { useRootData } from "./useRootData";
import { CartButton } from "./CartButton";
import { LanguageButton } from "./LanguageButton";
import { Logo } from "./Logo";
import { MainNav } from "./MainNav";
import { SearchBox } from "./SearchBox";

const NAV_ID = "main-nav";

/** Top bar (welcome, logo and name, language, cart, mobile menu toggle) and the main navigation. */
export function SiteHeader() {
  const { t } = useTranslation();
  const data = useRootData();
  const shopName = data?.shop.name ?? "";
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // A navigation closes the mobile menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="sticky top-0 z-30 bg-white shadow-sm">
      <p className="bg-brand-800 px-4 py-1.5 text-center text-xs text-white sm:text-sm">{t("topBar.welcome", { shopName })}</p>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-2.5">
        <button
          type="button"
          className="flex size-10 items-center justify-center rounded-lg border border-stone-300 md:hidden"
          aria-expanded={menuOpen}
          aria-controls={NAV_ID}
          aria-label={menuOpen ? t("topBar.closeMenu") : t("topBar.openMenu")}
          onClick={() => setMenuOpen((open) => !open)}
          data-testid="menu-toggle"
        >
          <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
        <Link to="/" className="flex items-center gap-2" aria-label={t("topBar.home", { shopName })}>
          <Logo />
          <span className="text-lg font-bold text-brand-900">{shopName}</span>
        </Link>
        {/* Phones: a full-width row under the bar; md and up: inline between the name and the buttons. */}
        <SearchBox className="order-last basis-full md:order-none md:ms-4 md:max-w-md md:min-w-0 md:grow md:basis-0" />
        <div className="ms-auto flex items-center gap-2">
          <LanguageButton language={data?.language ?? defaultLanguage} />
          <CartButton />
        </div>
      </div>
      <MainNav open={menuOpen} id={NAV_ID} />
    </header>
  );
}
