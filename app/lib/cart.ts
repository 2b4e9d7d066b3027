// zod/mini: the same schemas, tree-shaken, so the cart costs the storefront's first visit ~2 KB, not ~25 KB.
import * as z from "zod/mini";

/** The browser keeps the cart under this localStorage key (spec, section 9). */
export const CART_STORAGE_KEY = "twins-shop-cart";

export const cartItemSchema = z.object({
  id: z.string().check(z.minLength(1)),
  title: z.string(),
  titleAr: z.string(),
  description: z._default(z.string(), ""),
  descriptionAr: z._default(z.string(), ""),
  price: z.int().check(z.nonnegative()),
  originalPrice: z.optional(z.int().check(z.nonnegative())),
  image: z._default(z.string(), ""),
  quantity: z.int().check(z.positive()),
});

export type CartItem = z.infer<typeof cartItemSchema>;
export type NewCartItem = Omit<CartItem, "quantity">;

export type CartAction =
  | { type: "add"; item: NewCartItem }
  | { type: "remove"; id: string }
  | { type: "setQuantity"; id: string; quantity: number }
  | { type: "clear" }
  | { type: "load"; items: CartItem[] };

/**
 * Adding an id already in the cart raises its quantity by 1; a quantity of 0
 * or less removes the line.
 */
export function cartReducer(items: CartItem[], action: CartAction): CartItem[] {
  switch (action.type) {
    case "add": {
      const existing = items.find((line) => line.id === action.item.id);
      if (existing) {
        return items.map((line) => (line.id === action.item.id ? { ...line, quantity: line.quantity + 1 } : line));
      }
      return [...items, { ...action.item, quantity: 1 }];
    }
    case "remove":
      return items.filter((line) => line.id !== action.id);
    case "setQuantity": {
      const quantity = Math.trunc(action.quantity);
      if (!Number.isFinite(quantity) || quantity <= 0) return items.filter((line) => line.id !== action.id);
      return items.map((line) => (line.id === action.id ? { ...line, quantity } : line));
    }
    case "clear":
      return [];
    case "load":
      return action.items;
  }
}

export function cartTotals(items: CartItem[]): { totalPrice: number; itemCount: number } {
  return items.reduce(
    (totals, line) => ({
      totalPrice: totals.totalPrice + line.price * line.quantity,
      itemCount: totals.itemCount + line.quantity,
    }),
    { totalPrice: 0, itemCount: 0 },
  );
}

/** Reads a saved cart. Anything corrupted is ignored (an empty cart), with the reason returned for logging. */
export function parseStoredCart(raw: string | null): { items: CartItem[]; error?: string } {
  if (raw === null || raw === "") return { items: [] };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { items: [], error: `saved cart is not JSON: ${String(error)}` };
  }
  const parsed = z.array(cartItemSchema).safeParse(value);
  if (!parsed.success) {
    const where = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    return { items: [], error: `saved cart is invalid: ${where}` };
  }
  return { items: parsed.data };
}
