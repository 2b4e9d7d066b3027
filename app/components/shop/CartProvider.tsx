import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useReducer, useState, type ReactNode } from "react";
import {
  CART_COOKIE_MIRROR_KEY,
  CART_STORAGE_KEY,
  cartCookie,
  cartFromCookieHeader,
  cartImageUrl,
  cartLinesOf,
  cartReducer,
  encodeCartCookie,
  cartTotals,
  parseStoredCart,
  reconcileCart,
  type CartItem,
  type CartItemUpdate,
  type CartQuote,
  type CartLine,
  type NewCartItem,
} from "~/lib/cart";
import { pixelContentId, trackPixel } from "~/lib/pixel";

interface CartContextValue {
  items: CartItem[];
  totalPrice: number;
  itemCount: number;
  /** False until the saved cart is restored after hydration (the server renders an empty cart). */
  ready: boolean;
  addItem(item: NewCartItem): void;
  /** `variantId`: that variant's line (a line is a product and a variant). */
  removeItem(id: string, variantId?: number): void;
  setQuantity(id: string, quantity: number, variantId?: number): void;
  clear(): void;
  /** Takes the server's current price, compare-at price, title and image of lines already in the cart. */
  refreshItems(updates: CartItemUpdate[]): void;
  drawerOpen: boolean;
  openDrawer(): void;
  closeDrawer(): void;
}

const CartContext = createContext<CartContextValue | null>(null);

/** Details of cart lines the browser does not know (added by a form post without JavaScript). */
async function fetchLines(lines: CartLine[]): Promise<CartItem[]> {
  const response = await fetch("/api/cart/quote", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ items: lines }),
  });
  if (!response.ok) throw new Error(`cart quote answered ${response.status}`);
  const quote = (await response.json()) as CartQuote;
  return quote.lines
    .filter((line) => line.status !== "unknown")
    .map((line) => ({
      id: line.productId,
      ...(line.variantId !== undefined ? { variantId: line.variantId, variantLabel: line.variantLabel ?? "", sku: line.sku ?? "" } : {}),
      title: line.title,
      titleAr: line.titleAr,
      description: "",
      descriptionAr: "",
      price: line.price,
      originalPrice: line.originalPrice ?? undefined,
      image: cartImageUrl(line.image),
      quantity: line.quantity,
    }));
}

/**
 * The shopper's cart. With JavaScript, localStorage keeps it (key twins-shop-cart) and every
 * change is mirrored in the `cart` cookie (`id:qty,id.variant:qty,…`), so the server can render and take
 * orders from it, also for shoppers without JavaScript, whose form posts change the cookie
 * only. On start the saved cart wins, unless the server changed the cookie since the browser
 * last wrote it: then the cookie decides the lines and quantities and localStorage gives
 * their details (docs/decisions/0007). The server renders an empty cart
 * but the badge count it read from the cookie (`serverCount`).
 */
export function CartProvider({ children, serverCount = 0 }: { children: ReactNode; serverCount?: number }) {
  const [items, dispatch] = useReducer(cartReducer, []);
  const [ready, setReady] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const { items: saved, error } = parseStoredCart(readStorage(CART_STORAGE_KEY));
    if (error) console.error(`[cart] ${error}; starting with an empty cart`);
    const { items: restored, missing } = reconcileCart(saved, cartFromCookieHeader(document.cookie), readStorage(CART_COOKIE_MIRROR_KEY));
    // A transition: parts of the page still waiting for their code (deferHydration) keep the
    // server's markup meanwhile instead of being rendered again from scratch.
    startTransition(() => {
      dispatch({ type: "load", items: restored });
      if (missing.length === 0) setReady(true);
    });
    if (missing.length === 0) return;
    fetchLines(missing)
      .then((fetched) => {
        if (!cancelled) dispatch({ type: "merge", items: fetched });
      })
      .catch((reason: unknown) => console.error("[cart] could not restore the cart's lines", reason))
      .finally(() => {
        if (!cancelled) setReady(true);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (!ready) return;
    const lines = cartLinesOf(items);
    document.cookie = cartCookie(lines, { secure: window.location.protocol === "https:" });
    try {
      window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
      window.localStorage.setItem(CART_COOKIE_MIRROR_KEY, encodeCartCookie(lines));
    } catch (error) {
      console.error("[cart] could not save the cart", error);
    }
  }, [items, ready]);

  // Another tab changed the cart: follow it (setting the same value again fires no event back).
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key !== CART_STORAGE_KEY) return;
      const { items: saved, error } = parseStoredCart(event.newValue);
      if (!error) dispatch({ type: "load", items: saved });
    }
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const openDrawer = useCallback(() => setDrawerOpen(true), []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  const value = useMemo<CartContextValue>(() => {
    const totals = cartTotals(items);
    return {
      items,
      totalPrice: totals.totalPrice,
      // Until the saved cart is back, the count the server read from the cookie (same HTML on both sides).
      itemCount: ready ? totals.itemCount : serverCount,
      ready,
      addItem: (item) => {
        dispatch({ type: "add", item });
        trackPixel("AddToCart", {
          content_ids: [pixelContentId({ productId: item.id, sku: item.sku })],
          content_type: "product",
          value: item.price,
          currency: "DZD",
        });
      },
      removeItem: (id, variantId) => dispatch({ type: "remove", id, variantId }),
      setQuantity: (id, quantity, variantId) => dispatch({ type: "setQuantity", id, variantId, quantity }),
      clear: () => dispatch({ type: "clear" }),
      refreshItems: (updates) => dispatch({ type: "refresh", updates }),
      drawerOpen,
      openDrawer,
      closeDrawer,
    };
  }, [items, ready, serverCount, drawerOpen, openDrawer, closeDrawer]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart must be used within a CartProvider");
  return value;
}
