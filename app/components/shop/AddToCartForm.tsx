import type { ReactNode } from "react";
import { useLocation } from "react-router";

/**
 * The add-to-cart of a card or a product page as a form posting to /cart (intent=add), so
 * a shopper without JavaScript adds too (the server keeps the cart in the `cart` cookie and
 * sends them back to this page). With JavaScript the post never leaves: `onAdd` runs instead.
 */
export function AddToCartForm({
  productId,
  variantId,
  onAdd,
  className,
  children,
}: {
  productId: string;
  /** The chosen variant of a product with variants (posted as `variant`). */
  variantId?: number;
  onAdd(): void;
  className?: string;
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <form
      method="post"
      action="/cart"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onAdd();
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {variantId !== undefined && <input type="hidden" name="variant" value={variantId} />}
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      {children}
    </form>
  );
}

/** What an add-to-cart refused says (the product and how many are left), announced as it appears. */
export function StockNotice({ message }: { message: string | null }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={message ? "rounded-md bg-amber-50 px-2 py-1 text-sm text-amber-900 ring-1 ring-amber-300" : "sr-only"}
      data-testid="stock-notice"
    >
      {message ?? ""}
    </p>
  );
}
