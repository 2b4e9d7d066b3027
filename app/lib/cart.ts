// No zod here: CartProvider runs this on every storefront page, and a schema library would weigh
// on the first visit's JavaScript, which has a budget (tests/ops/budgets.test.ts).
import { variantUrl } from "./images";
import type { ProductImageData } from "./product";

/** The browser keeps the cart under this localStorage key (docs/decisions/0007-cart-in-localstorage-and-a-cookie.md). */
export const CART_STORAGE_KEY = "twins-shop-cart";

/** A line of the cart as the browser saves it. */
export interface CartItem {
  id: string;
  title: string;
  titleAr: string;
  description: string;
  descriptionAr: string;
  /** Whole dinars, never negative. */
  price: number;
  originalPrice?: number;
  image: string;
  /** A whole number, at least 1. */
  quantity: number;
  /**
   * The stock the shop showed when the line was added (absent in carts saved before): the
   * drawer offers no more than that and says so. The server checks the stock again at checkout.
   */
  stock?: number;
  /**
   * The variant of a product with options (docs/decisions/0028-product-variants.md): a line is a
   * product AND a variant, so two colours of one product are two lines. Absent for a product
   * without options, and in carts saved before variants.
   */
  variantId?: number;
  /** The variant's label as the shop showed it ("أزرق / XL"), under the title. */
  variantLabel?: string;
  sku?: string;
}

/** The key of a line: its product and its variant (two variants of one product are two lines). */
export function cartLineKey(id: string, variantId?: number | null): string {
  return variantId === undefined || variantId === null ? id : `${id}.${variantId}`;
}

const keyOf = (line: { id: string; variantId?: number }) => cartLineKey(line.id, line.variantId);

/** The largest variant id a cart keeps (the cookie's digits). */
const MAX_VARIANT_ID = 999_999_999;

const isWholeAtLeast = (value: unknown, min: number): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= min;

/**
 * One saved line, checked field by field (absent descriptions and image default to ""), or the
 * reason it is not a cart line.
 */
export function parseCartItem(value: unknown): { item: CartItem } | { error: string } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { error: "not an object" };
  const line = value as Record<string, unknown>;
  const text = (name: string, fallback?: string): string | undefined => {
    const field = line[name];
    if (field === undefined && fallback !== undefined) return fallback;
    return typeof field === "string" ? field : undefined;
  };
  const id = text("id");
  if (id === undefined || id.length === 0) return { error: "id: expected a non-empty string" };
  const title = text("title");
  const titleAr = text("titleAr");
  const description = text("description", "");
  const descriptionAr = text("descriptionAr", "");
  const image = text("image", "");
  for (const [name, field] of Object.entries({ title, titleAr, description, descriptionAr, image })) {
    if (field === undefined) return { error: `${name}: expected a string` };
  }
  if (!isWholeAtLeast(line.price, 0)) return { error: "price: expected a whole number >= 0" };
  if (line.originalPrice !== undefined && !isWholeAtLeast(line.originalPrice, 0)) {
    return { error: "originalPrice: expected a whole number >= 0" };
  }
  if (!isWholeAtLeast(line.quantity, 1)) return { error: "quantity: expected a whole number >= 1" };
  const item: CartItem = {
    id,
    title: title!,
    titleAr: titleAr!,
    description: description!,
    descriptionAr: descriptionAr!,
    price: line.price,
    image: image!,
    quantity: line.quantity,
  };
  if (line.originalPrice !== undefined) item.originalPrice = line.originalPrice as number;
  if (isWholeAtLeast(line.stock, 0)) item.stock = line.stock;
  // A cart saved before variants has none of these: its lines read as they were.
  if (line.variantId !== undefined) {
    if (!isWholeAtLeast(line.variantId, 1) || line.variantId > MAX_VARIANT_ID) return { error: "variantId: expected a whole number >= 1" };
    item.variantId = line.variantId;
    const label = text("variantLabel");
    if (label) item.variantLabel = label;
    const sku = text("sku");
    if (sku) item.sku = sku;
  }
  return { item };
}

export type NewCartItem = Omit<CartItem, "quantity">;

export type CartAction =
  | { type: "add"; item: NewCartItem }
  /** `variantId`: the line of that variant (none: the product's line without a variant). */
  | { type: "remove"; id: string; variantId?: number }
  | { type: "setQuantity"; id: string; variantId?: number; quantity: number }
  | { type: "clear" }
  | { type: "load"; items: CartItem[] }
  /** Lines fetched for the cookie's products the saved cart did not know; ignored when already there. */
  | { type: "merge"; items: CartItem[] }
  /** The server's current details (price, compare-at price, title, image) of lines already in the cart. */
  | { type: "refresh"; updates: CartItemUpdate[] };

export type CartItemUpdate = Pick<CartItem, "id" | "variantId"> &
  Partial<Pick<CartItem, "title" | "titleAr" | "price" | "originalPrice" | "image" | "variantLabel">>;

/**
 * Adding a line already in the cart (same product and variant) raises its quantity by 1; a quantity of 0
 * or less removes the line. A line holds at most 99 and a cart 50 lines (the
 * order limits), and no more than the stock the shop showed (`stock`, when known):
 * beyond, adding does nothing (the page says why: stockLimitReached).
 */
export function cartReducer(items: CartItem[], action: CartAction): CartItem[] {
  switch (action.type) {
    case "add": {
      const key = keyOf(action.item);
      const existing = items.find((line) => keyOf(line) === key);
      if (existing) {
        const stock = action.item.stock ?? existing.stock;
        if (existing.quantity >= MAX_LINE_QUANTITY || (stock !== undefined && existing.quantity >= stock)) return items;
        const raised = { ...existing, quantity: existing.quantity + 1 };
        if (stock !== undefined) raised.stock = stock;
        return items.map((line) => (keyOf(line) === key ? raised : line));
      }
      if (items.length >= MAX_CART_LINES || action.item.stock === 0) return items;
      return [...items, { ...action.item, quantity: 1 }];
    }
    case "remove": {
      const key = cartLineKey(action.id, action.variantId);
      return items.filter((line) => keyOf(line) !== key);
    }
    case "setQuantity": {
      const key = cartLineKey(action.id, action.variantId);
      const quantity = Math.min(MAX_LINE_QUANTITY, Math.trunc(action.quantity));
      if (!Number.isFinite(quantity) || quantity <= 0) return items.filter((line) => keyOf(line) !== key);
      return items.map((line) => (keyOf(line) === key ? { ...line, quantity } : line));
    }
    case "clear":
      return [];
    case "load":
      return action.items;
    case "merge": {
      const known = new Set(items.map(keyOf));
      const added = action.items.filter((line) => !known.has(keyOf(line)));
      return added.length === 0 ? items : [...items, ...added].slice(0, MAX_CART_LINES);
    }
    case "refresh": {
      const byKey = new Map(action.updates.map((update) => [keyOf(update), update]));
      let changed = false;
      const next = items.map((line) => {
        const update = byKey.get(keyOf(line));
        if (!update) return line;
        const merged = { ...line, ...update };
        if (
          merged.price === line.price &&
          merged.originalPrice === line.originalPrice &&
          merged.title === line.title &&
          merged.titleAr === line.titleAr &&
          merged.image === line.image &&
          merged.variantLabel === line.variantLabel
        ) {
          return line;
        }
        changed = true;
        return merged;
      });
      return changed ? next : items;
    }
  }
}

/**
 * True when the cart already holds all of a product (or of its variant) the shop shows in
 * stock, so adding one more is refused (and the page names the product and how many are left).
 */
export function stockLimitReached(items: readonly CartItem[], productId: string, stock: number, variantId?: number): boolean {
  const key = cartLineKey(productId, variantId);
  const inCart = items.find((line) => keyOf(line) === key)?.quantity ?? 0;
  return inCart >= Math.max(0, stock);
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
  if (!Array.isArray(value)) return { items: [], error: "saved cart is invalid: not an array" };
  const items: CartItem[] = [];
  for (const [index, entry] of value.entries()) {
    const parsed = parseCartItem(entry);
    if ("error" in parsed) return { items: [], error: `saved cart is invalid: ${index}.${parsed.error}` };
    items.push(parsed.item);
  }
  return { items };
}

/* ------------------------------------------------------------------------------------------
 * The cart mirrored in a cookie, so the server can render it and a shopper without JavaScript
 * can use it: `cart=id:qty,id.variant:qty` (a variant's line carries its id after a dot). With JavaScript, localStorage keeps the whole lines (titles,
 * prices, images) and the cookie only their ids and quantities (docs/decisions/0007).
 * ---------------------------------------------------------------------------------------- */

export const CART_COOKIE = "cart";
/** A cart holds at most this many different lines (the order limit too). */
export const MAX_CART_LINES = 50;
/** And at most this many of one product. */
export const MAX_LINE_QUANTITY = 99;
export const CART_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

/** What the server needs of a cart line. */
export interface CartLine {
  productId: string;
  quantity: number;
  /** The variant of a product with options (absent: the product itself). */
  variantId?: number;
}

/** Product ids are cookie-safe: letters, digits, `_` and `-` (stored ids are `p` + digits). */
const PRODUCT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const COOKIE_PART = /^([A-Za-z0-9_-]{1,64})(?:\.(\d{1,9}))?:(\d{1,9})$/;

const isVariantId = (value: unknown): value is number => isWholeAtLeast(value, 1) && value <= MAX_VARIANT_ID;

/**
 * Well-formed lines only: ids that fit the cookie, variant ids as whole numbers from 1,
 * quantities as whole numbers from 1 (capped at 99), the same product and variant merged into
 * its first line, at most 50 lines.
 */
export function normalizeCartLines(lines: readonly { productId: string; quantity: number; variantId?: number | undefined }[]): CartLine[] {
  const merged = new Map<string, CartLine>();
  for (const { productId, quantity, variantId } of lines) {
    if (typeof productId !== "string" || !PRODUCT_ID.test(productId)) continue;
    if (typeof quantity !== "number" || !Number.isFinite(quantity)) continue;
    if (variantId !== undefined && !isVariantId(variantId)) continue;
    const whole = Math.trunc(quantity);
    if (whole < 1) continue;
    const key = cartLineKey(productId, variantId);
    const first = merged.get(key);
    if (first) {
      first.quantity = Math.min(MAX_LINE_QUANTITY, first.quantity + whole);
      continue;
    }
    if (merged.size >= MAX_CART_LINES) continue;
    merged.set(
      key,
      variantId === undefined
        ? { productId, quantity: Math.min(MAX_LINE_QUANTITY, whole) }
        : { productId, quantity: Math.min(MAX_LINE_QUANTITY, whole), variantId },
    );
  }
  return [...merged.values()];
}

/** Lines to the cookie's value: `p1:2,p7.31:1` ("" for an empty cart). */
export function encodeCartCookie(lines: readonly CartLine[]): string {
  return normalizeCartLines(lines)
    .map((line) => `${cartLineKey(line.productId, line.variantId)}:${line.quantity}`)
    .join(",");
}

/**
 * The cookie's value to lines. Malformed parts (no colon, a bad id, a quantity that is not
 * a whole number from 1) are dropped, quantities capped at 99, repeats merged, 50 lines kept.
 */
export function decodeCartCookie(value: string | null | undefined): CartLine[] {
  if (!value) return [];
  let text = value;
  if (text.includes("%")) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return [];
    }
  }
  const lines: CartLine[] = [];
  for (const part of text.split(",")) {
    const match = COOKIE_PART.exec(part.trim());
    if (!match) continue;
    lines.push(
      match[2] === undefined
        ? { productId: match[1]!, quantity: Number(match[3]) }
        : { productId: match[1]!, quantity: Number(match[3]), variantId: Number(match[2]) },
    );
  }
  return normalizeCartLines(lines);
}

/**
 * The `cart` cookie of a Cookie header: its lines, or null when there is no such cookie
 * (never set, or expired), which is not the same as an emptied cart (`cart=`).
 */
export function cartFromCookieHeader(header: string | null | undefined): CartLine[] | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === CART_COOKIE) return decodeCartCookie(part.slice(separator + 1).trim());
  }
  return null;
}

/**
 * The cookie that keeps a cart for 30 days: `Set-Cookie` on the server, `document.cookie` in
 * the browser (so never HttpOnly). An emptied cart is kept as `cart=` (it says "emptied").
 */
export function cartCookie(lines: readonly CartLine[], options: { secure?: boolean } = {}): string {
  const attributes = [`${CART_COOKIE}=${encodeCartCookie(lines)}`, "Path=/", `Max-Age=${CART_COOKIE_MAX_AGE_SECONDS}`, "SameSite=Lax"];
  if (options.secure) attributes.push("Secure");
  return attributes.join("; ");
}

/** A browser cart's lines as the cookie and the server see them. */
export function cartLinesOf(items: readonly CartItem[]): CartLine[] {
  return normalizeCartLines(items.map((item) => ({ productId: item.id, quantity: item.quantity, variantId: item.variantId })));
}

/**
 * Beside the cart, localStorage keeps the cookie value the browser last wrote. A cookie that
 * differs from it was changed by the server since (a form post without JavaScript, an order
 * placed that way): then the cookie is the newer cart.
 */
export const CART_COOKIE_MIRROR_KEY = "twins-shop-cart-cookie";

/**
 * The cart to start with, from the saved cart (localStorage), the `cart` cookie and the cookie
 * value the browser last wrote (`mirror`). The saved cart wins, unless the cookie has changed
 * since the browser wrote it: then the cookie decides which lines there are and their
 * quantities, the saved cart gives their details, and the lines only the cookie has come back
 * as `missing` (their details must be fetched). No cookie (never set, expired): the saved cart.
 */
export function reconcileCart(
  saved: readonly CartItem[],
  cookie: readonly CartLine[] | null,
  mirror: string | null,
): { items: CartItem[]; missing: CartLine[] } {
  if (cookie === null || (mirror !== null && encodeCartCookie(cookie) === mirror)) {
    return { items: saved.slice(0, MAX_CART_LINES), missing: [] };
  }
  const byKey = new Map(saved.map((item) => [keyOf(item), item]));
  const items: CartItem[] = [];
  const missing: CartLine[] = [];
  for (const line of cookie) {
    const item = byKey.get(cartLineKey(line.productId, line.variantId));
    if (item) items.push({ ...item, quantity: line.quantity });
    else missing.push(line);
  }
  return { items, missing };
}

const isLine = (line: CartLine, productId: string, variantId: number | undefined) => line.productId === productId && line.variantId === variantId;

/** The cookie's lines after an add of a product or of its variant (+1, or a new line of 1; nothing beyond 99 or 50 lines). */
export function addCartLine(lines: readonly CartLine[], productId: string, variantId?: number): CartLine[] {
  if (lines.some((line) => isLine(line, productId, variantId))) {
    return normalizeCartLines(
      lines.map((line) => (isLine(line, productId, variantId) ? { ...line, quantity: Math.min(MAX_LINE_QUANTITY, line.quantity + 1) } : line)),
    );
  }
  return normalizeCartLines([...lines, variantId === undefined ? { productId, quantity: 1 } : { productId, quantity: 1, variantId }]);
}

/** The cookie's lines with one line's quantity set (0 or less removes the line, above 99 is 99). */
export function setCartLine(lines: readonly CartLine[], productId: string, quantity: number, variantId?: number): CartLine[] {
  return normalizeCartLines(lines.map((line) => (isLine(line, productId, variantId) ? { ...line, quantity } : line)));
}

export function removeCartLine(lines: readonly CartLine[], productId: string, variantId?: number): CartLine[] {
  return lines.filter((line) => !isLine(line, productId, variantId));
}

/* ------------------------------------------------------------------------------------------
 * A cart priced by the server (app/server/cart/cart.service.server.ts `quoteCart`, and
 * POST /api/cart/quote): the shapes, and the status of a line as its quantity changes.
 * ---------------------------------------------------------------------------------------- */

/**
 * Where a cart line stands against the catalogue right now:
 * - `ok`: can be ordered as it is;
 * - `limited`: fewer in stock than the quantity asked (`stockQuantity` says how many);
 * - `out_of_stock`: none left, or taken off sale;
 * - `unknown`: no such product (or variant) any more, or a product with variants without one.
 */
export type CartLineStatus = "ok" | "limited" | "out_of_stock" | "unknown";

export interface QuotedLine {
  productId: string;
  quantity: number;
  /** The line's variant, its label in the shopper's language and SKU (absent: a product without variants). */
  variantId?: number;
  variantLabel?: string;
  sku?: string;
  status: CartLineStatus;
  /** The rest is the catalogue's current data; empty for an unknown product. */
  slug: string;
  /** In the shopper's language, else the Arabic title. */
  title: string;
  titleAr: string;
  /** Current unit price (whole dinars). */
  price: number;
  /** Current compare-at price, only when above 0. */
  originalPrice: number | null;
  image: ProductImageData | null;
  inStock: boolean;
  stockQuantity: number;
  /** price × quantity; 0 for a line that cannot be ordered (unknown or out of stock). */
  lineTotal: number;
}

export interface CartQuote {
  lines: QuotedLine[];
  /** Sum of the line totals of the lines that can be ordered (`ok` and `limited`). */
  itemsTotal: number;
  /** Sum of the quantities of those lines. */
  itemCount: number;
  /** True when there is at least one line and every line is `ok`. */
  orderable: boolean;
}

/** A quoted product's status for a quantity (the shopper changes quantities after the quote). */
export function cartLineStatus(product: { status: CartLineStatus; inStock: boolean; stockQuantity: number }, quantity: number): CartLineStatus {
  if (product.status === "unknown") return "unknown";
  if (!product.inStock || product.stockQuantity <= 0) return "out_of_stock";
  return quantity > product.stockQuantity ? "limited" : "ok";
}

/** The image a cart line keeps: the smallest WebP variant (drawn as a thumbnail), or the plain image. */
export function cartImageUrl(image: { src: string; widths: readonly number[] } | null | undefined): string {
  if (!image) return "";
  return image.widths.length > 0 ? variantUrl(image.src, Math.min(...image.widths)) : image.src;
}
