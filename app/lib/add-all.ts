/**
 * "Add all to cart" on a collection page: one of each product that has no variants and is in
 * stock with a quantity above 0. Pure, shared by the page and its test.
 */

/** What the rule reads of a product (ProductCardData has it all). */
export interface AddAllCandidate {
  hasVariants: boolean;
  inStock: boolean;
  stockQuantity: number;
}

/** Whether "add all" adds this product: no variants to choose, in stock, quantity above 0. */
export function canAddAll(product: AddAllCandidate): boolean {
  return !product.hasVariants && product.inStock && product.stockQuantity > 0;
}

/** The products "add all" adds, one each, in the page's order. */
export function addAllProducts<T extends AddAllCandidate>(products: readonly T[]): T[] {
  return products.filter(canAddAll);
}
