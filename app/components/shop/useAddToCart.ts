import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { cartImageUrl, stockLimitReached, type NewCartItem } from "~/lib/cart";
import type { ProductCardData, ProductImageData } from "~/lib/product";
import { useCart } from "./CartProvider";

/** How long a card or product page says "added to cart" after a click. */
export const ADDED_FEEDBACK_MS = 2000;

/**
 * The variant a product page adds (docs/decisions/0028-product-variants.md): its id, label in
 * the page's language, SKU, price, compare-at price, stock and picture as shown (null: the product's).
 */
export interface ChosenVariant {
  id: number;
  label: string;
  sku: string;
  price: number;
  originalPrice: number | null;
  stock: number;
  image: ProductImageData | null;
}

/** The cart line of a product, or of one of its variants, as the shopper sees it now (the server re-prices it at checkout). */
export function toCartItem(product: ProductCardData, variant?: ChosenVariant): NewCartItem {
  const line: NewCartItem = {
    id: product.id,
    title: product.title,
    titleAr: product.titleAr,
    description: product.description,
    descriptionAr: "",
    price: product.price,
    originalPrice: product.originalPrice ?? undefined,
    image: cartImageUrl(product.image),
    stock: shownStock(product),
  };
  if (!variant) return line;
  return {
    ...line,
    price: variant.price,
    originalPrice: variant.originalPrice ?? undefined,
    image: cartImageUrl(variant.image ?? product.image),
    stock: Math.max(0, variant.stock),
    variantId: variant.id,
    variantLabel: variant.label,
    sku: variant.sku,
  };
}

/** The stock the shop shows for a product: none when it is off sale. */
function shownStock(product: Pick<ProductCardData, "inStock" | "stockQuantity">): number {
  return product.inStock ? Math.max(0, product.stockQuantity) : 0;
}

/**
 * Adds one of the product (or of its chosen variant: a line is a product and a variant) to the
 * cart and says so for two seconds. When the cart already holds all the stock the shop shows,
 * nothing is added and `stockNotice` names the product and how many are left, at once rather
 * than at checkout.
 */
export function useAddToCart(product: ProductCardData, variant?: ChosenVariant): { add: () => void; justAdded: boolean; stockNotice: string | null } {
  const { t } = useTranslation();
  const { addItem, items } = useCart();
  const [justAdded, setJustAdded] = useState(false);
  const [refused, setRefused] = useState(false);
  const stock = variant ? Math.max(0, variant.stock) : shownStock(product);
  const title = variant ? `${product.title} — ${variant.label}` : product.title;
  // The notice stays while the cart is still at the stock (a line removed or lowered clears it).
  const stockNotice =
    refused && stockLimitReached(items, product.id, stock, variant?.id) ? t("orders.fields.stock_left", { count: stock, title }) : null;

  useEffect(() => {
    if (!justAdded) return;
    const timer = window.setTimeout(() => setJustAdded(false), ADDED_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [justAdded]);

  return {
    add: () => {
      if (stockLimitReached(items, product.id, stock, variant?.id)) {
        setRefused(true);
        setJustAdded(false);
        return;
      }
      setRefused(false);
      addItem(toCartItem(product, variant));
      setJustAdded(true);
    },
    justAdded,
    stockNotice,
  };
}
