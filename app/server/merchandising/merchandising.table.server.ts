import type { Generated } from "kysely";
import type { AutoId, Bool, Timestamp } from "../db/types.server";

/**
 * Merchandising tables (migration 008). An image (a collection's banner, a page's hero) is four
 * columns: the base URL of its WebP variants, its intrinsic size and the variant widths
 * ("320,640,960", '' = a plain image at the URL), all null when there is none.
 *
 * Each text the shopper reads has an English (`_en`) and a French (`_fr`) twin (migration 015),
 * null or blank when the merchant gave none: the Arabic one is shown instead (app/lib/merchant-texts.ts).
 */

export interface CollectionsTable {
  id: AutoId;
  slug: string;
  title: string;
  title_en: string | null;
  title_fr: string | null;
  description: string | null;
  description_en: string | null;
  description_fr: string | null;
  banner_url: string | null;
  banner_width: number | null;
  banner_height: number | null;
  banner_widths: string | null;
  is_featured: Bool;
  is_active: Bool;
  display_order: Generated<number>;
  meta_title: string | null;
  meta_title_en: string | null;
  meta_title_fr: string | null;
  meta_description: string | null;
  meta_description_en: string | null;
  meta_description_fr: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A collection's products; position is 0-based, the admin's order. */
export interface CollectionProductsTable {
  collection_id: number;
  product_id: string;
  position: number;
  /** The variant the card opens with (migration 019); null: the product. Set to null when the variant is deleted. */
  variant_id: number | null;
}

export interface CustomPagesTable {
  id: AutoId;
  slug: string;
  title: string;
  title_en: string | null;
  title_fr: string | null;
  description: string | null;
  description_en: string | null;
  description_fr: string | null;
  hero_url: string | null;
  hero_width: number | null;
  hero_height: number | null;
  hero_widths: string | null;
  meta_title: string | null;
  meta_title_en: string | null;
  meta_title_fr: string | null;
  meta_description: string | null;
  meta_description_en: string | null;
  meta_description_fr: string | null;
  is_active: Bool;
  display_order: Generated<number>;
  /** Only 'landing' for now. */
  page_type: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PageProductsTable {
  page_id: number;
  product_id: string;
  position: number;
  /** The variant the card opens with (migration 019); null: the product. Set to null when the variant is deleted. */
  variant_id: number | null;
}

export interface PageSectionsTable {
  id: AutoId;
  /** A PageIdentifier (app/lib/merchandising.ts). */
  page_identifier: string;
  /** A SectionType (app/lib/merchandising.ts). */
  section_type: string;
  title: string;
  title_en: string | null;
  title_fr: string | null;
  subtitle: string | null;
  subtitle_en: string | null;
  subtitle_fr: string | null;
  /** For collection-slider; set to null when the collection is deleted. */
  collection_id: number | null;
  /** Unique per page_identifier. */
  display_order: number;
  is_active: Bool;
  /** JSON object, reserved for per-type options. */
  settings: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PageSectionProductsTable {
  section_id: number;
  product_id: string;
  position: number;
  /** The variant the card opens with (migration 019); null: the product. Set to null when the variant is deleted. */
  variant_id: number | null;
}

export interface MerchandisingTables {
  collections: CollectionsTable;
  collection_products: CollectionProductsTable;
  custom_pages: CustomPagesTable;
  page_products: PageProductsTable;
  page_sections: PageSectionsTable;
  page_section_products: PageSectionProductsTable;
}
