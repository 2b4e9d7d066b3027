import type { Kysely } from "kysely";
import { cardAtVariant, type ListedVariant } from "~/lib/merchandising";
import type { ProductCardData } from "~/lib/product";
import { variantMainImages } from "../catalog/index.server";
import type { Database } from "../db/database.server";

/** A listed card's product prices and the active variant its list points at (null: the product). */
export interface ListedCardSource {
  price: number;
  compareAtPrice: number;
  variant: ListedVariant | null;
}

/**
 * Cards of a list at the variants it points at (cardAtVariant): those variants' own pictures
 * are read in one more query, only when the list points at any.
 */
export async function atListedVariants(
  db: Kysely<Database>,
  cards: readonly ProductCardData[],
  sources: readonly ListedCardSource[],
): Promise<ProductCardData[]> {
  const variantIds = sources.flatMap((source) => (source.variant ? [source.variant.id] : []));
  const images = variantIds.length > 0 ? await variantMainImages(db, variantIds) : new Map();
  return cards.map((card, index) => {
    const source = sources[index];
    if (!source?.variant) return card;
    return cardAtVariant(card, source, source.variant, images.get(source.variant.id) ?? null);
  });
}

/** A list row's variant columns (a left join: all null when it points at none, or at one no longer active). */
export function listedVariant(columns: { id: number | null; price: number | null; compareAtPrice: number | null }): ListedVariant | null {
  return columns.id === null ? null : { id: columns.id, price: columns.price, compareAtPrice: columns.compareAtPrice };
}
