// zod/mini, as the order forms' schemas.
import * as z from "zod/mini";

/**
 * The posts of the cart page's route action, by `intent`: the cart's own forms without
 * JavaScript (add, set, remove: one line of the `cart` cookie) and the order forms that post
 * there (order: the cart page's checkout; quick-buy: the quick-buy modal), whose fields are
 * their own schemas' (app/lib/order-form.ts).
 */
export const CART_INTENTS = ["add", "set", "remove", "order", "quick-buy"] as const;

export const cartIntentSchema = z.object({ intent: z.enum(CART_INTENTS) });

/**
 * A line change without JavaScript: the product and its variant (a product with options; the
 * cart's line is that variant's), the new quantity (set), the page to go back to (add).
 */
export const cartLineSchema = z.object({
  productId: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value?.trim() ?? ""),
  ),
  /** A variant's id, digits; anything else is no variant (the cart's own rules drop a bad line). */
  variant: z.pipe(
    z.optional(z.string()),
    z.transform((value) => (value !== undefined && /^\d{1,9}$/.test(value.trim()) && Number(value) > 0 ? Number(value) : undefined)),
  ),
  /** Anything but a whole number leaves the line as it is. */
  quantity: z.catch(z.optional(z.int()), undefined),
  returnTo: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value?.trim() ?? ""),
  ),
});
