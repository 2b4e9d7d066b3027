// A product with 40 variants for the budgets (`npm run bench`, tests/integration/page-queries.test.ts,
// tests/ops/budgets.test.ts): a copy of a demo product with a gallery, with two options, 8 colours
// × 5 sizes, one variant per combination (some sold out, some at their own price, each colour
// with its own picture among the product's). Written as rows, in one transaction, into a database
// already migrated and seeded with the demo catalogue.

import type { Kysely } from "kysely";
import { combinationKey } from "../app/lib/variants";
import type { Database } from "../app/server/db/database.server";

/** The demo product copied (it has a gallery) and the copy's slug. */
export const VARIANTS_TEMPLATE_SLUG = "smartphone-6-7-inch-128gb";
export const VARIANTS_PRODUCT_SLUG = "bench-40-variants";
/** Below the demo ids and the generated catalogue's (scripts/lib/bench-catalogue.ts). */
export const VARIANTS_PRODUCT_ID = "p1500000000040";

const COLOURS = [
  { ar: "أسود", en: "Black", fr: "Noir", swatch: "#111111" },
  { ar: "أبيض", en: "White", fr: "Blanc", swatch: "#f5f5f5" },
  { ar: "أزرق", en: "Blue", fr: "Bleu", swatch: "#1d4ed8" },
  { ar: "أحمر", en: "Red", fr: "Rouge", swatch: "#b91c1c" },
  { ar: "أخضر", en: "Green", fr: "Vert", swatch: "#15803d" },
  { ar: "رمادي", en: "Grey", fr: "Gris", swatch: "#6b7280" },
  { ar: "وردي", en: "Pink", fr: "Rose", swatch: "#db2777" },
  { ar: "بني", en: "Brown", fr: "Marron", swatch: "#78350f" },
] as const;
const SIZES = ["XS", "S", "M", "L", "XL"] as const;

/**
 * Adds the 40-variant product (idempotent: nothing when it exists) and returns its slug. Every
 * seventh variant is sold out and every fifth costs more than the product, so the page shows
 * disabled values and a price range.
 */
export async function addFortyVariantProduct(db: Kysely<Database>, now = new Date()): Promise<string> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const exists = await trx.selectFrom("products").select("id").where("id", "=", VARIANTS_PRODUCT_ID).executeTakeFirst();
    if (exists) return;
    const template = await trx.selectFrom("products").selectAll().where("slug", "=", VARIANTS_TEMPLATE_SLUG).executeTakeFirstOrThrow();
    await trx
      .insertInto("products")
      .values({
        ...template,
        id: VARIANTS_PRODUCT_ID,
        slug: VARIANTS_PRODUCT_SLUG,
        title: `${template.title} (40)`,
        sku: null,
        in_stock: true,
        has_variants: true,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const images = await trx.selectFrom("product_images").selectAll().where("product_id", "=", template.id).orderBy("position").execute();
    const imageIds: number[] = [];
    for (const { id: _id, ...image } of images) {
      const row = await trx
        .insertInto("product_images")
        .values({ ...image, product_id: VARIANTS_PRODUCT_ID })
        .returning("id")
        .executeTakeFirstOrThrow();
      imageIds.push(row.id);
    }
    const option = async (position: number, names: { ar: string; en: string; fr: string }) =>
      (
        await trx
          .insertInto("product_options")
          .values({ product_id: VARIANTS_PRODUCT_ID, position, name_ar: names.ar, name_en: names.en, name_fr: names.fr })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const value = async (optionId: number, position: number, names: { ar: string; en: string; fr: string }, swatch: string | null) =>
      (
        await trx
          .insertInto("product_option_values")
          .values({ option_id: optionId, position, name_ar: names.ar, name_en: names.en, name_fr: names.fr, swatch })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const colourOption = await option(0, { ar: "اللون", en: "Colour", fr: "Couleur" });
    const sizeOption = await option(1, { ar: "المقاس", en: "Size", fr: "Taille" });
    const colourIds: number[] = [];
    for (const [i, colour] of COLOURS.entries()) colourIds.push(await value(colourOption, i, colour, colour.swatch));
    const sizeIds: number[] = [];
    for (const [i, size] of SIZES.entries()) sizeIds.push(await value(sizeOption, i, { ar: size, en: size, fr: size }, null));

    let total = 0;
    let position = 0;
    for (const [c, colourId] of colourIds.entries()) {
      for (const [s, sizeId] of sizeIds.entries()) {
        const stock = position % 7 === 3 ? 0 : 3 + ((position * 5) % 17);
        total += stock;
        const { id } = await trx
          .insertInto("product_variants")
          .values({
            product_id: VARIANTS_PRODUCT_ID,
            position,
            combination: combinationKey([colourId, sizeId]),
            sku: `BENCH-40-${c + 1}-${SIZES[s]}`,
            price: position % 5 === 4 ? template.price + 500 : null,
            compare_at_price: null,
            stock_quantity: stock,
            low_stock_threshold: 5,
            is_active: true,
            created_at: at,
            updated_at: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        if (imageIds.length > 0) {
          await trx
            .insertInto("product_variant_images")
            .values({ variant_id: id, image_id: imageIds[c % imageIds.length]!, position: 0 })
            .execute();
        }
        position += 1;
      }
    }
    await trx
      .updateTable("products")
      .set({ stock_quantity: total, in_stock: total > 0 })
      .where("id", "=", VARIANTS_PRODUCT_ID)
      .execute();
  });
  return VARIANTS_PRODUCT_SLUG;
}
