import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { loadCartDrawer } from "./CartDrawer";
import { useCart } from "./CartProvider";

/**
 * Cart button of the top bar; the count badge appears only above zero. A link to /cart
 * (without JavaScript); with it, a click opens the cart drawer instead. Pointing at it,
 * touching or focusing it fetches the drawer's code ahead of the click.
 */
function preloadDrawer() {
  // A failed fetch is retried by the opening itself (React.lazy), which then shows nothing.
  loadCartDrawer().catch(() => undefined);
}

export function CartButton() {
  const { t } = useTranslation();
  const { itemCount, openDrawer } = useCart();
  return (
    <Link
      to="/cart"
      onClick={(event) => {
        // Keep new-tab and other modified clicks as plain links.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        openDrawer();
      }}
      onPointerEnter={preloadDrawer}
      onPointerDown={preloadDrawer}
      onFocus={preloadDrawer}
      aria-haspopup="dialog"
      aria-label={t("topBar.cartWithCount", { count: itemCount })}
      className="relative flex size-10 items-center justify-center rounded-lg bg-brand-700 text-white hover:bg-brand-800"
      data-testid="cart-button"
    >
      <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.9a2 2 0 0 0 2-1.5L21 8H6" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="10" cy="20" r="1.3" />
        <circle cx="17" cy="20" r="1.3" />
      </svg>
      {itemCount > 0 && (
        <span
          className="absolute -end-1.5 -top-1.5 min-w-5 rounded-full bg-accent-500 px-1 text-center text-xs leading-5 font-bold text-stone-900"
          data-testid="cart-count"
        >
          {itemCount}
        </span>
      )}
    </Link>
  );
}
