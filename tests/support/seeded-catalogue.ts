import { demoCategories, demoProducts } from "~/data/demo-catalogue";
import { JEWELLERY_LOW_STOCK_THRESHOLD, jewelleryCatalogue, jewelleryCategory } from "~/data/jewellery-catalogue";

/**
 * Everything the seed puts into an empty shop: the demo catalogue and the jewellery catalogue
 * (its own category; app/server/db/seed-jewellery.server.ts), in one shape, for the tests
 * that count the whole catalogue.
 */
export interface SeededProduct {
  id: string;
  slug: string;
  title: string;
  category: string;
  price: number;
  inStock: boolean;
  stockQuantity: number;
  lowStockThreshold: number;
  imageCount: number;
}

export const seededProducts: SeededProduct[] = [
  ...demoProducts.map((p) => ({
    id: p.id,
    slug: p.slug,
    title: p.title,
    category: p.category,
    price: p.price,
    inStock: p.inStock,
    stockQuantity: p.stockQuantity,
    lowStockThreshold: p.lowStockThreshold,
    imageCount: p.images.length,
  })),
  ...jewelleryCatalogue.map((item) => ({
    id: item.productId,
    slug: item.id,
    title: item.nameAr,
    category: jewelleryCategory.slug,
    price: item.price,
    inStock: item.stockQuantity > 0,
    stockQuantity: item.stockQuantity,
    lowStockThreshold: JEWELLERY_LOW_STOCK_THRESHOLD,
    imageCount: item.images.length,
  })),
];

/** The seeded categories: the demo ones and the jewellery one. */
export const seededCategories: { slug: string; name: string; nameEn: string; nameFr: string }[] = [
  ...demoCategories.map((c) => ({ slug: c.slug, name: c.name, nameEn: c.nameEn, nameFr: c.nameFr })),
  { slug: jewelleryCategory.slug, name: jewelleryCategory.name, nameEn: jewelleryCategory.nameEn, nameFr: jewelleryCategory.nameFr },
];

/**
 * The seeded catalogue as the inventory lists it: a product with variants as one row per
 * variant (its own stock and price, else the product's; the product's low-stock threshold),
 * every other product as one row.
 */
type InventoryRow = Pick<SeededProduct, "id" | "price" | "inStock" | "stockQuantity" | "lowStockThreshold"> & { sku: string | null };
export const seededInventoryRows: InventoryRow[] = seededProducts.flatMap((product): InventoryRow[] => {
  const demo = demoProducts.find((p) => p.id === product.id);
  if (!demo?.variants) return [{ ...product, sku: demo?.sku ?? null }];
  return demo.variants.variants.map((variant) => ({
    id: product.id,
    sku: variant.sku,
    price: variant.price ?? product.price,
    inStock: variant.stockQuantity > 0,
    stockQuantity: variant.stockQuantity,
    lowStockThreshold: product.lowStockThreshold,
  }));
});
