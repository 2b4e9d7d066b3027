import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";
import { useLocation, useNavigate } from "react-router";
import { useCart } from "./CartProvider";

let panelModule: Promise<typeof import("./CartDrawerPanel")> | undefined;

/**
 * Fetches the drawer's code (once). The cart button calls it as soon as a shopper shows the
 * intent to open it (pointer over it, focus, touch), so the first opening rarely waits.
 */
export function loadCartDrawer(): Promise<typeof import("./CartDrawerPanel")> {
  panelModule ??= import("./CartDrawerPanel").catch((error: unknown) => {
    panelModule = undefined; // the next call tries again
    throw error;
  });
  return panelModule;
}

/** Stands in for the drawer when its code could not be fetched: opening it goes to the cart page. */
function CartPageInstead() {
  const { drawerOpen, closeDrawer } = useCart();
  const navigate = useNavigate();
  useEffect(() => {
    if (!drawerOpen) return;
    closeDrawer();
    void navigate("/cart");
  }, [drawerOpen, closeDrawer, navigate]);
  return null;
}

const CartDrawerPanel = lazy<ComponentType>(() => loadCartDrawer().catch(() => ({ default: CartPageInstead })));

/**
 * The cart drawer (CartDrawerPanel): its code is not part of a page's first load; it is
 * fetched and mounted the first time the drawer opens (the top bar's cart button), then kept
 * mounted. Without JavaScript the cart button is a plain link to /cart. A navigation
 * (checkout, a product link, back) closes the drawer.
 */
export function CartDrawer() {
  const { drawerOpen, closeDrawer } = useCart();
  const [wanted, setWanted] = useState(false);
  const location = useLocation();

  useEffect(() => closeDrawer(), [location.pathname, closeDrawer]);

  useEffect(() => {
    if (drawerOpen) setWanted(true);
  }, [drawerOpen]);

  if (!wanted && !drawerOpen) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawerPanel />
    </Suspense>
  );
}
