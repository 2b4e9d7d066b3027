import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import { isJewellerySubcategory, type JewellerySubcategory } from "~/lib/jewellery";
import type { ProductCardData, ProductImageData } from "~/lib/product";
import type { Database } from "../db/database.server";
import { selectImages, toCardData, toImageData } from "../catalog/index.server";
import { selectJewelleryProduct, selectJewelleryProducts, type JewelleryRow } from "./jewellery.repo.server";

/** A jewellery product as the jewellery pages show it: a product card plus its catalogue attributes. */
export interface JewelleryCard extends ProductCardData {
  /** The Arabic name (the stored Arabic title), shown beside the name in any language. */
  nameAr: string;
  subcategory: JewellerySubcategory | null;
}

export interface JewelleryDetail extends JewelleryCard {
  /** The English name, when stored (the Arabic page shows it beside the Arabic one). */
  nameEn: string | null;
  images: ProductImageData[];
  brand: string | null;
  material: string | null;
  weight: string | null;
  stones: string | null;
  /** In the shopper's language (Arabic features in Arabic, English ones otherwise). */
  features: string[];
  tags: string[];
}

/** Text stored one entry per line → the entries. */
export function lines(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

function toCard(row: JewelleryRow, image: Parameters<typeof toCardData>[1], language: Language): JewelleryCard {
  return {
    ...toCardData(row, image, language),
    nameAr: row.title,
    subcategory: isJewellerySubcategory(row.subcategory) ? row.subcategory : null,
  };
}

/** The jewellery products (newest first), of one sub-category when given, with their main pictures. */
export async function listJewellery(db: Kysely<Database>, language: Language, subcategory: JewellerySubcategory | null): Promise<JewelleryCard[]> {
  const rows = await selectJewelleryProducts(db, subcategory);
  const images = await selectImages(
    db,
    rows.map((row) => row.id),
    { firstOnly: true },
  );
  const byProduct = new Map(images.map((image) => [image.product_id, image]));
  return rows.map((row) => toCard(row, byProduct.get(row.id), language));
}

/** One jewellery product by its id (the slug), with its gallery and details; null when unknown. */
export async function getJewelleryItem(db: Kysely<Database>, id: string, language: Language): Promise<JewelleryDetail | null> {
  const row = await selectJewelleryProduct(db, id);
  if (!row) return null;
  const images = await selectImages(db, [row.id], { firstOnly: false });
  const arabicFeatures = lines(row.features_ar);
  const englishFeatures = lines(row.features);
  return {
    ...toCard(row, images[0], language),
    nameEn: row.title_en?.trim() ? row.title_en : null,
    images: images.map(toImageData),
    brand: row.brand,
    material: row.material,
    weight: row.weight,
    stones: row.stones,
    features:
      language === "ar" ? (arabicFeatures.length ? arabicFeatures : englishFeatures) : englishFeatures.length ? englishFeatures : arabicFeatures,
    tags: lines(row.tags),
  };
}
