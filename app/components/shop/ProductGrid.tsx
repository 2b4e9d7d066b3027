import { useTranslation } from "~/i18n/react";
import type { ProductCardData } from "~/lib/product";
import { ProductCard } from "./ProductCard";

/** Products in a 2 / 3 / 4 column grid, or the empty message. */
export function ProductGrid({
  products,
  emptyMessage,
  addToCart = true,
  priorityCount = 0,
}: {
  products: ProductCardData[];
  emptyMessage?: string;
  addToCart?: boolean;
  /** How many of the first cards are above the fold (loaded eagerly). */
  priorityCount?: number;
}) {
  const { t } = useTranslation();
  if (products.length === 0) {
    return (
      <p className="rounded-xl bg-white p-8 text-center text-stone-600" data-testid="grid-empty">
        {emptyMessage ?? t("catalog.grid.noProducts")}
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4" data-testid="product-grid">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} addToCart={addToCart} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
