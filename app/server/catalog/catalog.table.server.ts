import type { Generated } from "kysely";
import type { AutoId, Bool, BoolRequired, Timestamp } from "../db/types.server";

export interface CategoriesTable {
  slug: string;
  name: string;
  name_en: string | null;
  name_fr: string | null;
  description: string | null;
  created_at: Timestamp;
}

export interface SectionsTable {
  id: string;
  name: string;
  name_en: string | null;
  name_fr: string | null;
  created_at: Timestamp;
}

export interface ProductsTable {
  /** 'p' followed by digits: a new product's id is p plus a timestamp. */
  id: string;
  slug: string;
  title: string;
  title_en: string | null;
  title_fr: string | null;
  description: Generated<string>;
  description_en: string | null;
  description_fr: string | null;
  /** Whole dinars. */
  price: number;
  /** Whole dinars; 0 means none. */
  compare_at_price: Generated<number>;
  section_id: string | null;
  category: string | null;
  in_stock: BoolRequired;
  has_variants: Bool;
  stock_quantity: Generated<number>;
  low_stock_threshold: Generated<number>;
  sku: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Folded titles and SKU for search (app/lib/search-text.ts `searchDocument`); kept by refreshSearchText. */
  search_text: Generated<string>;
}

export interface ProductImagesTable {
  id: AutoId;
  product_id: string;
  /** 0-based display order; 0 is the main image. */
  position: number;
  /** The image's URL, or the base URL of its WebP variants when `widths` is not empty (app/lib/images.ts). */
  url: string;
  /** Intrinsic size (its aspect ratio sizes the <img> before it loads). */
  width: number;
  height: number;
  alt: string;
  /** Widths of the stored WebP variants, comma-separated ("320,640,960"); '' = a plain image at `url`. */
  widths: Generated<string>;
}

/** A quantity offer of a product (migration 017): exactly one of percent_off and fixed_total is set. */
export interface ProductOffersTable {
  id: AutoId;
  product_id: string;
  position: number;
  quantity: number;
  percent_off: number | null;
  fixed_total: number | null;
  label_ar: string | null;
  label_en: string | null;
  label_fr: string | null;
}

export interface CatalogTables {
  categories: CategoriesTable;
  sections: SectionsTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_offers: ProductOffersTable;
}
