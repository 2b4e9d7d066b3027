import { createContext, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from "react";
import { CART_STORAGE_KEY, cartReducer, cartTotals, parseStoredCart, type CartItem, type NewCartItem } from "~/lib/cart";

interface CartContextValue {
  items: CartItem[];
  totalPrice: number;
  itemCount: number;
  addItem(item: NewCartItem): void;
  removeItem(id: string): void;
  setQuantity(id: string, quantity: number): void;
  clear(): void;
}

const CartContext = createContext<CartContextValue | null>(null);

/**
 * The shopper's cart, kept in localStorage. The server renders an empty cart;
 * the saved one is restored right after hydration, then saved on every change.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const [items, dispatch] = useReducer(cartReducer, []);
  const restored = useRef(false);

  useEffect(() => {
    const { items: saved, error } = parseStoredCart(readStorage());
    if (error) console.error(`[cart] ${error}; starting with an empty cart`);
    dispatch({ type: "load", items: saved });
    restored.current = true;
  }, []);

  useEffect(() => {
    if (!restored.current) return;
    try {
      window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
    } catch (error) {
      console.error("[cart] could not save the cart", error);
    }
  }, [items]);

  const value = useMemo<CartContextValue>(
    () => ({
      items,
      ...cartTotals(items),
      addItem: (item) => dispatch({ type: "add", item }),
      removeItem: (id) => dispatch({ type: "remove", id }),
      setQuantity: (id, quantity) => dispatch({ type: "setQuantity", id, quantity }),
      clear: () => dispatch({ type: "clear" }),
    }),
    [items],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart must be used within a CartProvider");
  return value;
}
