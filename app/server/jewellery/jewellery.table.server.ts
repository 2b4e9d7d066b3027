import type { Generated } from "kysely";

/**
 * The attributes of a product that its card has no column for (migration 011): the jewellery
 * catalogue's brand, material, weight, stones, features and tags. One row per product, deleted
 * with it. Lists are stored as text, one entry per line.
 */
export interface ProductDetailsTable {
  product_id: string;
  /** The jewellery sub-category (app/lib/jewellery.ts JEWELLERY_SUBCATEGORIES). */
  subcategory: string | null;
  brand: string | null;
  material: string | null;
  weight: string | null;
  stones: string | null;
  /** English, one feature per line. */
  features: Generated<string>;
  /** Arabic, one feature per line. */
  features_ar: Generated<string>;
  /** One tag per line. */
  tags: Generated<string>;
}

export interface JewelleryTables {
  product_details: ProductDetailsTable;
}
