import { readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { demoCategories, demoProducts, demoSections, type DemoVariants } from "~/data/demo-catalogue";
import { combinationKey } from "~/lib/variants";
import { defaultStopDeskPrice } from "~/lib/delivery-options";
import { formatImageWidths } from "~/lib/images";
import wilayaData from "~/data/wilayas.json";
import { ingestImage, type IngestedImage } from "../images/index.server";
import { jewelleryImageSources, seedJewelleryCatalogue } from "./seed-jewellery.server";
import { refreshSearchText } from "../catalog/index.server";
import type { Storage } from "../storage/index.server";
import type { Database } from "./database.server";
import { nowIso } from "./types.server";

export interface SeedReport {
  wilayas: number;
  communes: number;
  categories: number;
  sections: number;
  products: number;
}

type Zone = "A" | "B" | "C" | "D";

/** Reference data: the 69 wilayas with their default fees. Inserted once. */
export async function seedWilayas(db: Kysely<Database>): Promise<number> {
  const existing = await db
    .selectFrom("wilayas")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
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
      // The documented default (docs/decisions/0010); the merchant edits it in /admin/delivery.
      stop_desk_price: defaultStopDeskPrice(w.homePrice),
    }));
  await db.insertInto("wilayas").values(rows).execute();
  return rows.length;
}

/** The communes file shipped with the app (a copy of the reference data, read from the working directory). */
export const COMMUNES_FILE = path.join("app", "data", "communes.csv");

/** The fields of one CSV line (RFC 4180: quoted fields may hold commas and doubled quotes). */
export function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      fields.push(field);
      field = "";
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/** The rows of communes.csv (code,wilaya,name_fr,name_ar,wilaya_before). */
export function parseCommunesCsv(text: string) {
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "");
  return lines.slice(1).map((line) => {
    const [code, wilaya, nameFr, nameAr, before] = parseCsvLine(line).map((field) => field.trim());
    if (!code || !wilaya || !nameFr || !nameAr) throw new Error(`communes.csv: bad line ${JSON.stringify(line)}`);
    return { code, wilaya_code: wilaya, name: nameFr, name_ar: nameAr, wilaya_before: before || null };
  });
}

/** Reference data: the 1,541 communes, inserted in batches when the table is empty (new shops and shops from before 007). */
export async function seedCommunes(db: Kysely<Database>, file = COMMUNES_FILE): Promise<number> {
  const existing = await db
    .selectFrom("communes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return 0;
  const rows = parseCommunesCsv(await readFile(file, "utf8"));
  // 200 rows × 5 columns stays far below SQLite's and PostgreSQL's bound-parameter limits.
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 200) {
      await trx
        .insertInto("communes")
        .values(rows.slice(i, i + 200))
        .execute();
    }
  });
  return rows.length;
}

/**
 * Re-encodes every demo picture, the jewellery catalogue's too (an SVG under `publicDir`, named by its public URL) through
 * ingestImage, a few at a time; the result by demo URL.
 */
async function ingestDemoImages(storage: Storage, publicDir: string): Promise<Map<string, IngestedImage>> {
  const sources = [...new Set([...demoProducts.flatMap((p) => p.images.map((image) => image.src)), ...jewelleryImageSources()])];
  const ingested = new Map<string, IngestedImage>();
  let next = 0;
  const worker = async () => {
    while (next < sources.length) {
      const src = sources[next++]!;
      const input = await readFile(path.join(publicDir, ...src.split("/").filter(Boolean)));
      // WebP effort 2 of 6: less CPU than the default (4) for slightly larger files, so a
      // first start stays fast; uploads use the default (docs/decisions/0004-images-as-hashed-webp-variants.md).
      ingested.set(src, await ingestImage(storage, input, { name: path.basename(src, path.extname(src)), effort: 2 }));
    }
  };
  // sharp works on libuv's thread pool: one image per core keeps every core busy.
  await Promise.all(Array.from({ length: Math.max(1, Math.min(4, availableParallelism())) }, worker));
  return ingested;
}

/**
 * The demo catalogue and the jewellery catalogue (its own category, app/data/jewellery-catalogue.ts),
 * inserted only into a shop that has no products and no categories yet.
 * Its pictures are re-encoded into `storage` like uploads (WebP variants), read from `publicDir`.
 */
export async function seedDemoCatalogue(
  db: Kysely<Database>,
  storage: Storage,
  publicDir = "public",
): Promise<Omit<SeedReport, "wilayas" | "communes">> {
  const none = { categories: 0, sections: 0, products: 0 };
  const [products, categories] = await Promise.all([
    db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("categories")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  if (Number(products.n) > 0 || Number(categories.n) > 0) return none;

  // Before the transaction: encoding takes seconds, a write lock should not.
  const images = await ingestDemoImages(storage, publicDir);
  const banner = await ingestDemoBanner(storage, publicDir);
  const now = nowIso();
  let jewellery = { categories: 0, products: 0 };
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
      .values(demoSections.map((s) => ({ id: s.id, name: s.name, name_en: s.nameEn, name_fr: s.nameFr, created_at: now })))
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
          has_variants: p.variants !== undefined,
          created_at: p.createdAt,
          updated_at: p.createdAt,
        })
        .execute();
      let imageIds: number[] = [];
      if (p.images.length > 0) {
        const inserted = await trx
          .insertInto("product_images")
          .values(
            p.images.map((image, position) => {
              const stored = images.get(image.src)!;
              return {
                product_id: p.id,
                position,
                url: stored.src,
                width: stored.width,
                height: stored.height,
                alt: image.alt,
                widths: formatImageWidths(stored.widths),
              };
            }),
          )
          .returning(["id", "position"])
          .execute();
        imageIds = inserted.sort((a, b) => a.position - b.position).map((row) => row.id);
      }
      if (p.variants) {
        const imageIdOf = new Map(p.images.map((image, position) => [image.src, imageIds[position]!]));
        await seedDemoVariants(trx, p.id, p.variants, imageIdOf, p.lowStockThreshold, p.createdAt);
      }
    }
    await seedDemoMerchandising(trx, banner, now);
    jewellery = await seedJewelleryCatalogue(trx, images, now);
  });
  return {
    categories: demoCategories.length + jewellery.categories,
    sections: demoSections.length,
    products: demoProducts.length + jewellery.products,
  };
}

/**
 * A demo product's options, values, variants and variant pictures (docs/decisions/0028-product-variants.md).
 * The product row already holds the variants' stock sum (checked by demo-catalogue.test.ts).
 */
async function seedDemoVariants(
  trx: Kysely<Database>,
  productId: string,
  demo: DemoVariants,
  imageIdOf: ReadonlyMap<string, number>,
  lowStockThreshold: number,
  now: string,
): Promise<void> {
  const valueIds: Map<string, number>[] = [];
  for (const [position, option] of demo.options.entries()) {
    const { id: optionId } = await trx
      .insertInto("product_options")
      .values({ product_id: productId, position, name_ar: option.name, name_en: option.nameEn, name_fr: option.nameFr })
      .returning("id")
      .executeTakeFirstOrThrow();
    const ids = new Map<string, number>();
    for (const [valuePosition, value] of option.values.entries()) {
      const { id } = await trx
        .insertInto("product_option_values")
        .values({
          option_id: optionId,
          position: valuePosition,
          name_ar: value.name,
          name_en: value.nameEn,
          name_fr: value.nameFr,
          swatch: value.swatch ?? null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.set(value.nameEn, id);
    }
    valueIds.push(ids);
  }
  for (const [position, variant] of demo.variants.entries()) {
    const { id: variantId } = await trx
      .insertInto("product_variants")
      .values({
        product_id: productId,
        position,
        combination: combinationKey(variant.values.map((name, index) => valueIds[index]!.get(name)!)),
        sku: variant.sku,
        price: variant.price ?? null,
        compare_at_price: variant.compareAtPrice ?? null,
        stock_quantity: variant.stockQuantity,
        low_stock_threshold: lowStockThreshold,
        is_active: true,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const images = (variant.images ?? []).map((src, imagePosition) => ({
      variant_id: variantId,
      image_id: imageIdOf.get(src)!,
      position: imagePosition,
    }));
    if (images.length > 0) await trx.insertInto("product_variant_images").values(images).execute();
  }
}

// A few in-stock demo products of one kind, for the demo collection and custom page.
const availableDemo = (keep: (p: (typeof demoProducts)[number]) => boolean) =>
  demoProducts.filter((p) => p.inStock && p.stockQuantity > 0 && !p.variants && keep(p)).slice(0, 5);
const weeklyOffers = availableDemo((p) => p.sectionId === "special-offers");
const schoolProducts = availableDemo((p) => p.category === "books");

/** The demo collection's banner: its first product's picture, stored under collections/ (its own files). */
async function ingestDemoBanner(storage: Storage, publicDir: string): Promise<IngestedImage | null> {
  const src = weeklyOffers[0]?.images[0]?.src;
  if (!src) return null;
  const input = await readFile(path.join(publicDir, ...src.split("/").filter(Boolean)));
  return ingestImage(storage, input, { name: "weekly-offers", folder: "collections", effort: 2 });
}

/**
 * One featured collection (عروض الأسبوع) and one custom page (العودة إلى المدرسة), both active,
 * with their English and French texts so a fresh shop shows no Arabic merchant text on those pages.
 * No page sections: the storefront pages keep their built-in layout until the merchant composes one.
 */
async function seedDemoMerchandising(trx: Kysely<Database>, banner: IngestedImage | null, now: string): Promise<void> {
  const collection = await trx
    .insertInto("collections")
    .values({
      slug: "weekly-offers",
      title: "عروض الأسبوع",
      title_en: "Weekly offers",
      title_fr: "Offres de la semaine",
      description: "تخفيضات مختارة لهذا الأسبوع فقط، بكميات محدودة.",
      description_en: "Hand-picked discounts for this week only, while stocks last.",
      description_fr: "Des réductions choisies pour cette semaine seulement, dans la limite des stocks.",
      banner_url: banner?.src ?? null,
      banner_width: banner?.width ?? null,
      banner_height: banner?.height ?? null,
      banner_widths: banner ? formatImageWidths(banner.widths) : null,
      is_featured: true,
      is_active: true,
      display_order: 0,
      meta_title: "عروض الأسبوع",
      meta_title_en: "Weekly offers",
      meta_title_fr: "Offres de la semaine",
      meta_description: "أفضل التخفيضات لهذا الأسبوع مع الدفع عند الاستلام.",
      meta_description_en: "This week's best discounts, with cash on delivery.",
      meta_description_fr: "Les meilleures réductions de la semaine, avec paiement à la livraison.",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (weeklyOffers.length === 0) return;
  await trx
    .insertInto("collection_products")
    .values(weeklyOffers.map((p, position) => ({ collection_id: collection.id, product_id: p.id, position })))
    .execute();

  const page = await trx
    .insertInto("custom_pages")
    .values({
      slug: "back-to-school",
      title: "العودة إلى المدرسة",
      title_en: "Back to school",
      title_fr: "La rentrée scolaire",
      description: "كل ما يحتاجه التلميذ لدخول مدرسي موفق: كراريس وقواميس وألوان وقصص.",
      description_en: "Everything a pupil needs for a good start to the school year: exercise books, dictionaries, colours and stories.",
      description_fr: "Tout ce qu'il faut à l'élève pour une bonne rentrée : cahiers, dictionnaires, couleurs et histoires.",
      is_active: true,
      display_order: 0,
      meta_title: "العودة إلى المدرسة",
      meta_title_en: "Back to school",
      meta_title_fr: "La rentrée scolaire",
      meta_description: "أدوات وكتب مدرسية بأسعار مناسبة.",
      meta_description_en: "School supplies and books at fair prices.",
      meta_description_fr: "Fournitures et livres scolaires à prix justes.",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (schoolProducts.length === 0) return;
  await trx
    .insertInto("page_products")
    .values(schoolProducts.map((p, position) => ({ page_id: page.id, product_id: p.id, position })))
    .execute();
}

export interface SeedOptions {
  demoCatalogue: boolean;
  /** Where the demo catalogue's pictures are stored once re-encoded. */
  storage: Storage;
  /** The folder the demo pictures' URLs point into (default public/). */
  publicDir?: string;
  /** The communes file (default app/data/communes.csv). */
  communesFile?: string;
}

export async function seed(db: Kysely<Database>, options: SeedOptions): Promise<SeedReport> {
  const wilayas = await seedWilayas(db);
  const communes = await seedCommunes(db, options.communesFile);
  const catalogue = options.demoCatalogue
    ? await seedDemoCatalogue(db, options.storage, options.publicDir)
    : { categories: 0, sections: 0, products: 0 };
  if (catalogue.products > 0) await refreshSearchText(db);
  return { wilayas, communes, ...catalogue };
}
