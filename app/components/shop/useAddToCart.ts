import { useEffect, useState } from "react";
import { cartImageUrl } from "~/lib/cart";
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
  };
}

/** Adds one of the product to the cart and says so for two seconds. */
export function useAddToCart(product: ProductCardData): { add: () => void; justAdded: boolean } {
  const { addItem } = useCart();
  const [justAdded, setJustAdded] = useState(false);

  useEffect(() => {
    if (!justAdded) return;
    const timer = window.setTimeout(() => setJustAdded(false), ADDED_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [justAdded]);

  return {
    add: () => {
      addItem(toCartItem(product));
      setJustAdded(true);
    },
    justAdded,
  };
}
