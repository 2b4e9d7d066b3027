import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { cartImageUrl, stockLimitReached } from "~/lib/cart";
import type { ProductCardData } from "~/lib/product";
import { useCart } from "./CartProvider";

/** How long a card or product page says "added to cart" after a click. */
export const ADDED_FEEDBACK_MS = 2000;

/** The cart line of a product as the shopper sees it now (the server re-prices it at checkout). */
export function toCartItem(product: ProductCardData) {
  return {
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
}

/** The stock the shop shows for a product: none when it is off sale. */
function shownStock(product: Pick<ProductCardData, "inStock" | "stockQuantity">): number {
  return product.inStock ? Math.max(0, product.stockQuantity) : 0;
}

/**
 * Adds one of the product to the cart and says so for two seconds. When the cart already holds
 * all the stock the shop shows, nothing is added and `stockNotice` names the product and how
 * many are left, at once rather than at checkout.
 */
export function useAddToCart(product: ProductCardData): { add: () => void; justAdded: boolean; stockNotice: string | null } {
  const { t } = useTranslation();
  const { addItem, items } = useCart();
  const [justAdded, setJustAdded] = useState(false);
  const [refused, setRefused] = useState(false);
  const stock = shownStock(product);
  // The notice stays while the cart is still at the stock (a line removed or lowered clears it).
  const stockNotice =
    refused && stockLimitReached(items, product.id, stock) ? t("orders.fields.stock_left", { count: stock, title: product.title }) : null;

  useEffect(() => {
    if (!justAdded) return;
    const timer = window.setTimeout(() => setJustAdded(false), ADDED_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [justAdded]);

  return {
    add: () => {
      if (stockLimitReached(items, product.id, stock)) {
        setRefused(true);
        setJustAdded(false);
        return;
      }
      setRefused(false);
      addItem(toCartItem(product));
      setJustAdded(true);
    },
    justAdded,
    stockNotice,
  };
}
