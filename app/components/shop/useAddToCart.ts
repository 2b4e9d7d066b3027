import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { cartImageUrl, stockLimitReached, type NewCartItem } from "~/lib/cart";
import type { ProductCardData } from "~/lib/product";
import { useCart } from "./CartProvider";

/** How long a card or product page says "added to cart" after a click. */
export const ADDED_FEEDBACK_MS = 2000;

/**
 * The variant the shopper chose on a product page, as its cart line keeps it
 * (docs/decisions/0028-product-variants.md): its id, label in the page's language, SKU, price,
 * compare-at price, stock and picture (the thumbnail URL; absent: the product's).
 */
export interface CartVariantChoice {
  variantId: number;
  variantLabel: string;
  sku: string;
  price: number;
  originalPrice?: number | undefined;
  stock: number;
  image?: string | undefined;
}

/** The cart line of a product (or of its chosen variant) as the shopper sees it now (the server re-prices it at checkout). */
export function toCartItem(product: ProductCardData, variant?: CartVariantChoice): NewCartItem {
  const item: NewCartItem = {
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
  if (!variant) return item;
  return {
    ...item,
    variantId: variant.variantId,
    variantLabel: variant.variantLabel,
    sku: variant.sku,
    price: variant.price,
    originalPrice: variant.originalPrice,
    stock: Math.max(0, variant.stock),
    image: variant.image || item.image,
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
export function useAddToCart(
  product: ProductCardData,
  /** The chosen variant of a product with options: the line is that variant's, its stock the variant's. */
  variant?: CartVariantChoice,
): { add: () => void; justAdded: boolean; stockNotice: string | null } {
  const { t } = useTranslation();
  const { addItem, items } = useCart();
  const [justAdded, setJustAdded] = useState(false);
  const [refused, setRefused] = useState(false);
  const stock = variant ? Math.max(0, variant.stock) : shownStock(product);
  const variantId = variant?.variantId;
  const title = variant ? `${product.title} — ${variant.variantLabel}` : product.title;
  // The notice stays while the cart is still at the stock (a line removed or lowered clears it).
  const stockNotice =
    refused && stockLimitReached(items, product.id, stock, variantId) ? t("orders.fields.stock_left", { count: stock, title }) : null;

  useEffect(() => {
    if (!justAdded) return;
    const timer = window.setTimeout(() => setJustAdded(false), ADDED_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [justAdded]);

  return {
    add: () => {
      if (stockLimitReached(items, product.id, stock, variantId)) {
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
