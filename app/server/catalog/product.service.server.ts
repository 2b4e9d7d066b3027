import type { Kysely } from "kysely";
import type { ProductVariants } from "~/lib/variants";
import { variantsFromRows } from "./variants.service.server";
import { fallbackBooks, fallbackToys, type FallbackProduct } from "~/data/fallback-products";
import type { Language } from "~/i18n/config";
import { parseImageWidths } from "~/lib/images";
import { pageCountOf, pageWindow } from "~/lib/listing";
import { cardPrice, type ProductCardData, type ProductImageData } from "~/lib/product";
import type { Database } from "../db/database.server";
import { toBool } from "../db/types.server";
import { logger } from "../logger.server";
import {
  countCategoryProducts,
  selectCategoryPage,
  selectImages,
  selectProductWithImages,
  selectSectionsProducts,
  type ImageRow,
  type ProductCardRow,
  type ProductRow,
  type ProductSort,
} from "./product.repo.server";

export type { ProductSort } from "./product.repo.server";
export const HOME_SECTION_SIZE = 8;
export { PAGE_SIZE } from "~/lib/listing";

/** A stored text in the shopper's language, falling back to the Arabic one. */
function localized(arabic: string, english: string | null, french: string | null, language: Language): string {
  if (language === "en" && english) return english;
  if (language === "fr" && french) return french;
  return arabic;
}

export function toImageData(row: Pick<ImageRow, "url" | "width" | "height" | "alt" | "widths">): ProductImageData {
  return { src: row.url, width: row.width, height: row.height, alt: row.alt, widths: parseImageWidths(row.widths) };
}

/** The main image joined to a card row (selectProductCards), or undefined when the product has none. */
function mainImageOf(row: ProductCardRow): Pick<ImageRow, "url" | "width" | "height" | "alt" | "widths"> | undefined {
  if (row.image_url === null || row.image_width === null || row.image_height === null) return undefined;
  return { url: row.image_url, width: row.image_width, height: row.image_height, alt: row.image_alt ?? "", widths: row.image_widths ?? "" };
}

/** An aggregate as the driver hands it (PostgreSQL may send a bigint as text). */
function toNumberOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

/** A card row with its joined main image (selectProductCards) to a card. */
export function cardRowToCard(row: ProductCardRow, language: Language): ProductCardData {
  return toCardData(row, mainImageOf(row), language);
}

export function toCardData(
  row: ProductRow,
  image: Pick<ImageRow, "url" | "width" | "height" | "alt" | "widths"> | undefined,
  language: Language,
): ProductCardData {
  const { price, priceFrom } = cardPrice(row.price, { min: toNumberOrNull(row.variant_min_price), max: toNumberOrNull(row.variant_max_price) });
  return {
    id: row.id,
    slug: row.slug,
    title: localized(row.title, row.title_en, row.title_fr, language),
    titleAr: row.title,
    description: localized(row.description, row.description_en, row.description_fr, language),
    price,
    ...(priceFrom ? { priceFrom } : {}),
    originalPrice: row.compare_at_price > 0 ? row.compare_at_price : null,
    image: image ? toImageData(image) : null,
    inStock: toBool(row.in_stock),
    stockQuantity: row.stock_quantity,
    lowStockThreshold: row.low_stock_threshold,
    hasVariants: toBool(row.has_variants),
  };
}

/** Rows to cards, with each product's main image fetched in one more query (two round trips in all). Reused by search and the cart. */
export async function withMainImages(db: Kysely<Database>, rows: ProductRow[], language: Language): Promise<ProductCardData[]> {
  const images = await selectImages(
    db,
    rows.map((r) => r.id),
    { firstOnly: true },
  );
  const byProduct = new Map(images.map((image) => [image.product_id, image]));
  return rows.map((row) => toCardData(row, byProduct.get(row.id), language));
}

/** A built-in sample, shown when the database has nothing so the page is never empty. */
export function fallbackToCard(product: FallbackProduct, language: Language): ProductCardData {
  return {
    id: String(product.id),
    slug: product.slug,
    title: language === "ar" ? product.titleAr : product.title,
    titleAr: product.titleAr,
    description: language === "ar" ? product.descriptionAr : product.description,
    price: product.price,
    originalPrice: product.originalPrice && product.originalPrice > 0 ? product.originalPrice : null,
    image: { src: product.image, width: 800, height: 800, alt: product.titleAr, widths: [] },
    inStock: true,
    stockQuantity: 100,
    lowStockThreshold: 5,
    hasVariants: false,
  };
}

/** The newest in-stock products of several sections (HOME_SECTION_SIZE each, with their main image), in one query. */
export async function listSectionsProducts<Id extends "featured" | "special-offers">(
  db: Kysely<Database>,
  sectionIds: readonly Id[],
  language: Language,
): Promise<Map<Id, ProductCardData[]>> {
  const lists = new Map<Id, ProductCardData[]>(sectionIds.map((id) => [id, []]));
  for (const row of await selectSectionsProducts(db, sectionIds, HOME_SECTION_SIZE)) {
    lists.get(row.section_id as Id)?.push(cardRowToCard(row, language));
  }
  return lists;
}

export interface ProductPage {
  products: ProductCardData[];
  total: number;
  page: number;
  pageCount: number;
  /** True when the database had nothing and built-in samples are shown instead. */
  fallback: boolean;
}

/** A Map, not an object: a slug from the URL ("valueOf", "constructor") must never find an Object.prototype member. */
const categoryFallbacks = new Map<string, FallbackProduct[]>([
  ["toys", fallbackToys],
  ["books", fallbackBooks],
]);

/**
 * One page of a category's in-stock products. Toys and books fall back to the
 * built-in samples when the database has none or fails, so those pages are never empty.
 */
export async function listCategoryProducts(
  db: Kysely<Database>,
  category: string,
  language: Language,
  options: { sort: ProductSort; page: number },
): Promise<ProductPage> {
  const { page, limit, offset } = pageWindow(options.page);
  try {
    const rows = await selectCategoryPage(db, category, { sort: options.sort, limit, offset });
    // Past the last page there is no row to carry the total: count separately (rare path). An
    // empty first page means an empty category.
    const total = rows.length > 0 ? Number(rows[0]!.total_count) : offset === 0 ? 0 : Number((await countCategoryProducts(db, category)).n);
    if (total > 0) {
      return {
        products: rows.map((row) => cardRowToCard(row, language)),
        total,
        page,
        pageCount: pageCountOf(total),
        fallback: false,
      };
    }
  } catch (error) {
    if (!categoryFallbacks.has(category)) throw error;
    logger.error({ err: error, category }, "category query failed; showing built-in samples");
  }
  const samples = categoryFallbacks.get(category);
  if (!samples) return { products: [], total: 0, page, pageCount: 1, fallback: false };
  return {
    products: samples.map((p) => fallbackToCard(p, language)),
    total: samples.length,
    page: 1,
    pageCount: 1,
    fallback: true,
  };
}

export interface ProductDetail extends ProductCardData {
  // `price` is the product's own here (a variant without its own price sells at it); `priceFrom` says its active variants' prices differ.
  /** The gallery; `id` links an image to the variants that show it. */
  images: (ProductImageData & { id: number })[];
  sku: string | null;
  category: string | null;
  /** Its options and variants (both empty for a product sold as one thing). */
  variants: ProductVariants;
}

/** A product by slug, stored id or numeric id, with its whole gallery, options and variants (one query); null when unknown. */
export async function getProduct(db: Kysely<Database>, key: string, language: Language): Promise<ProductDetail | null> {
  const row = await selectProductWithImages(db, key);
  if (!row) return null;
  const images = row.images;
  return {
    ...toCardData(row, images[0], language),
    // The product's own price, which a variant without its own sells at (a card shows the lowest instead).
    price: row.price,
    images: images.map((image) => ({ ...toImageData(image), id: image.id })),
    sku: row.sku,
    category: row.category,
    variants: variantsFromRows(row.variantRows),
  };
}
