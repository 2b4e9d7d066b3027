import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { isLanguage } from "~/i18n/config";
import { formatDinars } from "~/lib/money";
import { cartLineKey } from "~/lib/cart";
import { productPath } from "~/lib/product";
import { LineThumbnail, QuantityStepper, RemoveLineButton } from "./CartLineControls";
import { useCart } from "./CartProvider";

/** The quick-buy modal is fetched the first time a shopper opens it. */
const QuickBuyModal = lazy(() => import("./order/QuickBuyModal"));

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The cart drawer's panel: slides in from the end side (left in Arabic, right in French and
 * English), over a backdrop. Loaded and mounted by CartDrawer the first time the drawer opens,
 * then kept. Closed by its button, the backdrop, Escape or a navigation (CartDrawer). Focus
 * moves into it and back to where it was; Tab stays inside while it is open. Lines with − / +
 * and remove, the total, a quick-buy of the whole cart, the checkout link to /cart and a
 * continue-shopping link.
 */
export default function CartDrawerPanel() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "ar";
  const { items, totalPrice, drawerOpen: wantOpen, closeDrawer, setQuantity, removeItem, clear } = useCart();
  // null until the first quick-buy, so the modal's code is only fetched when needed.
  const [quickBuyOpen, setQuickBuyOpen] = useState<boolean | null>(null);
  // False for the first render, which draws the panel closed, so that it slides in on the first opening too.
  const [entered, setEntered] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const modalOpen = quickBuyOpen === true;
  const drawerOpen = wantOpen && entered;

  useEffect(() => {
    // Lay out the closed panel before opening it: the change of class then runs the transition.
    panel.current?.getBoundingClientRect();
    setEntered(true);
  }, []);

  // Focus in on open, back on close; the page behind does not scroll meanwhile.
  useEffect(() => {
    if (!drawerOpen) return;
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      const back = returnFocus.current;
      returnFocus.current = null;
      if (back?.isConnected) back.focus();
    };
  }, [drawerOpen]);

  // Escape closes; Tab cycles inside. The quick-buy modal, when open, handles its own keys.
  useEffect(() => {
    if (!drawerOpen || modalOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        event.preventDefault();
        closeDrawer();
        return;
      }
      if (event.key !== "Tab" || !panel.current) return;
      const focusable = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (!panel.current.contains(active)) {
        event.preventDefault();
        first.focus();
      } else if (event.shiftKey && active === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [drawerOpen, modalOpen, closeDrawer]);

  const titleOf = (item: { title: string; titleAr: string }) => (language === "ar" ? item.titleAr : item.title) || item.titleAr;
  /** A line's name where the title stands alone (a button's label, the quick-buy's lines): "title — variant". */
  const lineName = (item: { title: string; titleAr: string; variantLabel?: string }) =>
    item.variantLabel ? `${titleOf(item)} — ${item.variantLabel}` : titleOf(item);
  const link = "rounded-lg px-4 py-2.5 text-center font-semibold";

  return (
    <>
      <div
        // Visible at once on opening (so focus can move in); hidden only once the panel has slid out.
        className={`fixed inset-0 z-40 overflow-hidden ${drawerOpen ? "visible" : "invisible transition-[visibility] duration-300 motion-reduce:transition-none"}`}
        aria-hidden={!drawerOpen}
        data-testid="cart-drawer-root"
      >
        <div
          className={`absolute inset-0 bg-stone-900/50 transition-opacity duration-300 motion-reduce:transition-none ${drawerOpen ? "opacity-100" : "opacity-0"}`}
          onClick={closeDrawer}
          data-testid="cart-drawer-backdrop"
        />
        <div
          ref={panel}
          role="dialog"
          aria-modal="true"
          aria-labelledby="cart-drawer-title"
          className={`absolute inset-y-0 end-0 flex w-full max-w-sm flex-col bg-white shadow-2xl transition-transform duration-300 motion-reduce:transition-none ${
            drawerOpen ? "translate-x-0" : "translate-x-full rtl:-translate-x-full"
          }`}
          data-testid="cart-drawer"
          data-open={drawerOpen}
        >
          <div className="flex items-center justify-between gap-3 border-b border-stone-200 px-4 py-3">
            <h2 id="cart-drawer-title" className="text-lg font-bold text-brand-900">
              {t("cart.drawer.title")}
            </h2>
            <button
              ref={closeButton}
              type="button"
              onClick={closeDrawer}
              aria-label={t("cart.drawer.close")}
              className="-me-2 flex size-11 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100 hover:text-stone-900"
              data-testid="cart-drawer-close"
            >
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-5" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>

          {items.length === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center" data-testid="cart-drawer-empty">
              <svg viewBox="0 0 24 24" className="size-14 text-stone-300" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
                <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.9a2 2 0 0 0 2-1.5L21 8H6" strokeLinecap="round" strokeLinejoin="round" />
                <circle cx="10" cy="20" r="1.3" />
                <circle cx="17" cy="20" r="1.3" />
              </svg>
              <p className="text-lg font-semibold">{t("cart.drawer.empty")}</p>
              <p className="text-stone-600">{t("cart.drawer.emptyHint")}</p>
              <Link to="/categories" onClick={closeDrawer} className={`${link} mt-2 bg-brand-700 text-white hover:bg-brand-800`}>
                {t("cart.drawer.browse")}
              </Link>
            </div>
          ) : (
            <>
              <ul className="flex-1 divide-y divide-stone-200 overflow-y-auto px-4" data-testid="cart-drawer-lines">
                {items.map((item) => {
                  const title = titleOf(item);
                  // A variant's line opens its product with that variant chosen.
                  const href = `${productPath({ id: item.id })}${item.variantId !== undefined ? `?variant=${item.variantId}` : ""}`;
                  return (
                    <li
                      key={cartLineKey(item.id, item.variantId)}
                      className="flex gap-3 py-3"
                      data-testid="cart-line"
                      data-product-id={item.id}
                      data-variant-id={item.variantId}
                    >
                      <Link to={href} onClick={closeDrawer} tabIndex={-1} aria-hidden="true">
                        <LineThumbnail src={item.image} />
                      </Link>
                      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                        <Link
                          to={href}
                          onClick={closeDrawer}
                          className="line-clamp-2 text-sm font-semibold hover:text-brand-700"
                          data-testid="line-title"
                        >
                          {title}
                        </Link>
                        {item.variantLabel && (
                          <p className="text-xs text-stone-600" data-testid="line-variant">
                            {item.variantLabel}
                          </p>
                        )}
                        <p className="text-xs text-stone-600">
                          <span className="sr-only">{t("cart.line.unitPrice")}: </span>
                          <span className="tabular-nums" data-testid="line-unit-price">
                            {formatDinars(item.price, language)}
                          </span>
                        </p>
                        <div className="flex items-center justify-between gap-2">
                          <QuantityStepper
                            productId={item.id}
                            variantId={item.variantId}
                            title={lineName(item)}
                            quantity={item.quantity}
                            stock={item.stock}
                            onChange={(quantity) => setQuantity(item.id, quantity, item.variantId)}
                          />
                          <p className="font-bold text-brand-800 tabular-nums">
                            <span className="sr-only">{t("cart.line.lineTotal")}: </span>
                            <span data-testid="line-total">{formatDinars(item.price * item.quantity, language)}</span>
                          </p>
                        </div>
                        <div>
                          <RemoveLineButton
                            productId={item.id}
                            variantId={item.variantId}
                            title={lineName(item)}
                            onRemove={() => removeItem(item.id, item.variantId)}
                          />
                        </div>
                      </div>
                    </li>
                  );
                })}
              </ul>
              <div className="flex flex-col gap-2 border-t border-stone-200 bg-stone-50 px-4 py-4">
                <p className="flex items-baseline justify-between text-lg font-bold">
                  <span>{t("cart.drawer.total")}</span>
                  <span className="text-brand-800 tabular-nums" data-testid="cart-drawer-total">
                    {formatDinars(totalPrice, language)}
                  </span>
                </p>
                <button
                  type="button"
                  onClick={() => setQuickBuyOpen(true)}
                  className={`${link} bg-accent-500 text-stone-900 hover:bg-amber-400`}
                  data-testid="cart-drawer-quick-buy"
                >
                  {t("cart.drawer.quickBuy", { total: formatDinars(totalPrice, language) })}
                </button>
                <Link
                  to="/cart"
                  onClick={closeDrawer}
                  className={`${link} bg-brand-700 text-white hover:bg-brand-800`}
                  data-testid="cart-drawer-checkout"
                >
                  {t("cart.drawer.checkout")}
                </Link>
                <Link
                  to="/categories"
                  onClick={closeDrawer}
                  className={`${link} text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50`}
                  data-testid="cart-drawer-continue"
                >
                  {t("cart.drawer.continueShopping")}
                </Link>
              </div>
            </>
          )}
        </div>
      </div>
      {quickBuyOpen !== null && (
        <Suspense fallback={null}>
          <QuickBuyModal
            open={quickBuyOpen}
            onClose={() => setQuickBuyOpen(false)}
            source="quick_buy_cart"
            items={items.map((item) => ({
              productId: item.id,
              quantity: item.quantity,
              title: lineName(item),
              price: item.price,
              ...(item.stock !== undefined ? { stock: item.stock } : {}),
              ...(item.variantId !== undefined ? { variantId: item.variantId, sku: item.sku ?? "" } : {}),
            }))}
            onQuantity={setQuantity}
            onSuccess={() => {
              clear();
              closeDrawer();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
