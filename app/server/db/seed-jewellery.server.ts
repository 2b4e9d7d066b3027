import type { Kysely } from "kysely";
import { JEWELLERY_LOW_STOCK_THRESHOLD, jewelleryCatalogue, jewelleryCategory } from "~/data/jewellery-catalogue";
import { formatImageWidths } from "~/lib/images";
import { JEWELLERY_CATEGORY } from "~/lib/jewellery";
import type { Database } from "./database.server";
import type { IngestedImage } from "../images/index.server";
import { insertProductDetails } from "../jewellery/index.server";

/** The public URLs of the jewellery catalogue's pictures (the seed re-encodes them like uploads). */
export function jewelleryImageSources(): string[] {
  return [...new Set(jewelleryCatalogue.flatMap((item) => item.images))];
}

/**
 * The built-in jewellery catalogue as ordinary products of the `jewellery` category (names in
 * three languages), each with its pictures (already ingested, by public URL) and its
 * product_details row. Runs inside the demo seed's transaction, into an empty shop.
 */
export async function seedJewelleryCatalogue(
  trx: Kysely<Database>,
  images: ReadonlyMap<string, IngestedImage>,
  now: string,
): Promise<{ categories: number; products: number }> {
  await trx
    .insertInto("categories")
    .values({
      slug: JEWELLERY_CATEGORY,
      name: jewelleryCategory.name,
      name_en: jewelleryCategory.nameEn,
      name_fr: jewelleryCategory.nameFr,
      description: jewelleryCategory.description,
      created_at: now,
    })
    .execute();
  for (const item of jewelleryCatalogue) {
    await trx
      .insertInto("products")
      .values({
        id: item.productId,
        slug: item.id,
        title: item.nameAr,
        title_en: item.name,
        title_fr: item.nameFr,
        description: item.descriptionAr,
        description_en: item.description,
        description_fr: item.descriptionFr,
        price: item.price,
        compare_at_price: item.originalPrice,
        section_id: null,
        category: JEWELLERY_CATEGORY,
        in_stock: item.stockQuantity > 0,
        stock_quantity: item.stockQuantity,
        low_stock_threshold: JEWELLERY_LOW_STOCK_THRESHOLD,
        sku: `JWL-${String(jewelleryCatalogue.indexOf(item) + 1).padStart(3, "0")}`,
        created_at: item.createdAt,
        updated_at: item.createdAt,
      })
      .execute();
    await trx
      .insertInto("product_images")
      .values(
        item.images.map((src, position) => {
          const stored = images.get(src)!;
          return {
            product_id: item.productId,
            position,
            url: stored.src,
            width: stored.width,
            height: stored.height,
            alt: item.nameAr,
            widths: formatImageWidths(stored.widths),
          };
        }),
      )
      .execute();
  }
  await insertProductDetails(
    trx,
    jewelleryCatalogue.map((item) => ({
      product_id: item.productId,
      subcategory: item.category,
      brand: item.brand,
      material: item.material,
      weight: item.weight,
      stones: item.stones === "None" ? null : item.stones,
      features: item.features.join("\n"),
      features_ar: item.featuresAr.join("\n"),
      tags: item.tags.join("\n"),
    })),
  );
  return { categories: 1, products: jewelleryCatalogue.length };
}
