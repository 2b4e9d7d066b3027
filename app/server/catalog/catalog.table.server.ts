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

/** An option of a product (Colour, Size), migration 018 (docs/decisions/0028-product-variants.md). */
export interface ProductOptionsTable {
  id: AutoId;
  product_id: string;
  position: number;
  name_ar: string;
  name_en: string | null;
  name_fr: string | null;
}

/** A value of an option (Red, XL, 50 ml); a colour may carry a swatch "#rrggbb". */
export interface ProductOptionValuesTable {
  id: AutoId;
  option_id: number;
  position: number;
  name_ar: string;
  name_en: string | null;
  name_fr: string | null;
  swatch: string | null;
}

/** One combination of option values of a product, with its own SKU, stock and optional prices. */
export interface ProductVariantsTable {
  id: AutoId;
  product_id: string;
  position: number;
  /** The value ids, one per option in the options' order, joined by "-" (app/lib/variants.ts `combinationKey`); unique per product. */
  combination: string;
  /** Unique in the shop. */
  sku: string;
  /** Whole dinars; null: the product's price. */
  price: number | null;
  /** Whole dinars; null: the product's compare-at price. */
  compare_at_price: number | null;
  stock_quantity: Generated<number>;
  low_stock_threshold: Generated<number>;
  is_active: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The pictures of a variant, chosen among its product's. */
export interface ProductVariantImagesTable {
  variant_id: number;
  image_id: number;
  position: number;
}

export interface CatalogTables {
  categories: CategoriesTable;
  sections: SectionsTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_offers: ProductOffersTable;
  product_options: ProductOptionsTable;
  product_option_values: ProductOptionValuesTable;
  product_variants: ProductVariantsTable;
  product_variant_images: ProductVariantImagesTable;
}
