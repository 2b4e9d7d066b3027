import type { Kysely } from "kysely";
import { demoCategories, demoProducts, demoSections } from "~/data/demo-catalogue";
import wilayaData from "~/data/wilayas.json";
import type { Database } from "./database.server";
import { nowIso } from "./types.server";

export interface SeedReport {
  wilayas: number;
  categories: number;
  sections: number;
  products: number;
}

type Zone = "A" | "B" | "C" | "D";

/** Reference data: the 69 wilayas with their default fees. Inserted once. */
export async function seedWilayas(db: Kysely<Database>): Promise<number> {
  const existing = await db.selectFrom("wilayas").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return 0;
  // Sorted by code, so the parents (01-58) exist before the 2026 wilayas that reference them.
  const rows = [...wilayaData.wilayas]
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((w) => ({
      code: w.code,
      name: w.name,
      name_ar: w.nameAr,
      home_price: w.homePrice,
      delivery_time: w.deliveryTime,
      zone: w.zone as Zone,
      parent_code: "parentCode" in w && typeof w.parentCode === "string" ? w.parentCode : null,
      active: true,
    }));
  await db.insertInto("wilayas").values(rows).execute();
  return rows.length;
}

/** The demo catalogue, inserted only into a shop that has no products and no categories yet. */
export async function seedDemoCatalogue(db: Kysely<Database>): Promise<Omit<SeedReport, "wilayas">> {
  const none = { categories: 0, sections: 0, products: 0 };
  const [products, categories] = await Promise.all([
    db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    db.selectFrom("categories").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  if (Number(products.n) > 0 || Number(categories.n) > 0) return none;

  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("categories")
      .values(
        demoCategories.map((c) => ({
          slug: c.slug,
          name: c.name,
          name_en: c.nameEn,
          name_fr: c.nameFr,
          description: c.description,
          created_at: now,
        })),
      )
      .execute();
    await trx
      .insertInto("sections")
      .values(
        demoSections.map((s) => ({ id: s.id, name: s.name, name_en: s.nameEn, name_fr: s.nameFr, created_at: now })),
      )
      .execute();
    for (const p of demoProducts) {
      await trx
        .insertInto("products")
        .values({
          id: p.id,
          slug: p.slug,
          title: p.title,
          title_en: p.titleEn,
          title_fr: p.titleFr,
          description: p.description,
          description_en: p.descriptionEn,
          description_fr: p.descriptionFr,
          price: p.price,
          compare_at_price: p.compareAtPrice,
          section_id: p.sectionId,
          category: p.category,
          in_stock: p.inStock,
          stock_quantity: p.stockQuantity,
          low_stock_threshold: p.lowStockThreshold,
          sku: p.sku,
          created_at: p.createdAt,
          updated_at: p.createdAt,
        })
        .execute();
      if (p.images.length > 0) {
        await trx
          .insertInto("product_images")
          .values(
            p.images.map((image, position) => ({
              product_id: p.id,
              position,
              url: image.src,
              width: image.width,
              height: image.height,
              alt: image.alt,
            })),
          )
          .execute();
      }
    }
  });
  return { categories: demoCategories.length, sections: demoSections.length, products: demoProducts.length };
}

export async function seed(db: Kysely<Database>, options: { demoCatalogue: boolean }): Promise<SeedReport> {
  const wilayas = await seedWilayas(db);
  const catalogue = options.demoCatalogue
    ? await seedDemoCatalogue(db)
    : { categories: 0, sections: 0, products: 0 };
  return { wilayas, ...catalogue };
}
