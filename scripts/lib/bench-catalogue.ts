// A large catalogue for `npm run bench -- --products N`: grows a demo-seeded database to N products
// by deriving variants (colour, model number, price, stock) of the demo catalogue's products, spread
// over their categories, reusing their stored images. Written the way the app writes products: rows
// of the products table, images through the admin's insertImages, then search_text through
// refreshSearchText (app/lib/search-text.ts `searchDocument`), all in one transaction, in batches.

import type { Insertable, Kysely } from "kysely";
import { demoProducts } from "../../app/data/demo-catalogue";
import { insertImages } from "../../app/server/catalog/admin-product.repo.server";
import type { ProductImagesTable, ProductsTable } from "../../app/server/catalog/catalog.table.server";
import type { Database } from "../../app/server/db/database.server";
import { refreshSearchText } from "../../app/server/catalog/index.server";

/** A demo product as stored, with its stored images: what a generated product is derived from. */
export interface TemplateProduct {
  id: string;
  slug: string;
  title: string;
  title_en: string | null;
  title_fr: string | null;
  description: string;
  description_en: string | null;
  description_fr: string | null;
  price: number;
  section_id: string | null;
  category: string;
  low_stock_threshold: number;
  sku: string | null;
  images: Omit<Insertable<ProductImagesTable>, "product_id" | "id">[];
}

/** Finishes of a generated product, the same word in Arabic, English and French. */
export const BENCH_VARIANTS = [
  { ar: "أسود", en: "Black", fr: "noir" },
  { ar: "أبيض", en: "White", fr: "blanc" },
  { ar: "أزرق", en: "Blue", fr: "bleu" },
  { ar: "أحمر", en: "Red", fr: "rouge" },
  { ar: "رمادي", en: "Grey", fr: "gris" },
  { ar: "فضي", en: "Silver", fr: "argent" },
] as const;

/**
 * A search query that matches about one generated product in BENCH_VARIANTS.length (its
 * finish is in the title): a search over thousands of rows with many pages of results.
 */
export const BENCH_MANY_RESULTS_QUERY = BENCH_VARIANTS[0].ar;

/** Rows per INSERT: 500 × 18 columns stays far below SQLite's 32,766 bound parameters (and PostgreSQL's 65,535). */
export const BENCH_INSERT_BATCH = 500;

/** Ids of generated products: 'p' and 13 digits, like the app's `p` + timestamp, below the demo ids. */
const ID_BASE = 1_600_000_000_000;
const ID_SPAN = 100_000_000_000;
const DAY_MS = 86_400_000;

/** A small deterministic PRNG (mulberry32), so every bench grows the same catalogue. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` generated products, numbered from `first` (0-based; the number makes the id, slug and
 * SKU unique): product n is in category n mod (number of categories), derived from that
 * category's templates in turn, with a finish and a model number in its three titles, a price
 * within −20%…+30% of the template's (whole tens of dinars), a discount on one in four, a stock of
 * 0…80 (one in twelve out of stock), the template's section on one in five, and a creation date in
 * the year before `newest`. Deterministic for the same arguments.
 */
export function benchProducts(
  templates: readonly TemplateProduct[],
  first: number,
  count: number,
  newest: Date,
): { products: Insertable<ProductsTable>[]; images: Insertable<ProductImagesTable>[] } {
  const byCategory = new Map<string, TemplateProduct[]>();
  for (const t of templates) byCategory.set(t.category, [...(byCategory.get(t.category) ?? []), t]);
  const categories = [...byCategory.keys()].sort();
  if (categories.length === 0) throw new Error("no template products to grow the catalogue from");

  const products: Insertable<ProductsTable>[] = [];
  const images: Insertable<ProductImagesTable>[] = [];
  for (let n = first; n < first + count; n++) {
    const next = random(n + 1);
    const category = categories[n % categories.length]!;
    const kin = byCategory.get(category)!;
    const round = Math.floor(n / categories.length);
    const t = kin[round % kin.length]!;
    const variant = BENCH_VARIANTS[Math.floor(round / kin.length) % BENCH_VARIANTS.length]!;
    const model = 100 + n;
    const id = `p${ID_BASE + n}`;
    const price = Math.max(100, Math.round((t.price * (0.8 + next() * 0.5)) / 10) * 10);
    const discounted = next() < 0.25;
    const stock = next() < 1 / 12 ? 0 : 1 + Math.floor(next() * 80);
    const createdAt = new Date(newest.getTime() - Math.floor(next() * 365 * DAY_MS)).toISOString();
    products.push({
      id,
      slug: `${t.slug}-${variant.en.toLowerCase()}-${model}`,
      title: `${t.title} - ${variant.ar} - موديل ${model}`,
      title_en: `${t.title_en ?? t.title} - ${variant.en} - model ${model}`,
      title_fr: `${t.title_fr ?? t.title} - ${variant.fr} - modèle ${model}`,
      description: `${t.description} اللون: ${variant.ar}. الموديل ${model}، ضمان سنة.`,
      description_en: t.description_en ? `${t.description_en} Finish: ${variant.en}. Model ${model}, one-year warranty.` : null,
      description_fr: t.description_fr ? `${t.description_fr} Finition : ${variant.fr}. Modèle ${model}, garantie un an.` : null,
      price,
      compare_at_price: discounted ? Math.round((price * 1.25) / 100) * 100 : 0,
      section_id: next() < 0.2 ? t.section_id : null,
      category,
      in_stock: stock > 0,
      has_variants: false,
      stock_quantity: stock,
      low_stock_threshold: t.low_stock_threshold,
      sku: `${t.sku ?? "BENCH"}-${model}`,
      created_at: createdAt,
      updated_at: createdAt,
    });
    for (const [position, image] of t.images.entries()) {
      images.push({ ...image, product_id: id, position, alt: position === 0 ? `${t.title} - ${variant.ar}` : image.alt });
    }
  }
  return { products, images };
}

/** The demo catalogue's products as stored (variants and jewellery left out), each with its stored images. */
export async function loadTemplates(db: Kysely<Database>): Promise<TemplateProduct[]> {
  const demoIds = demoProducts.map((p) => p.id);
  const rows = await db
    .selectFrom("products")
    .select([
      "id",
      "slug",
      "title",
      "title_en",
      "title_fr",
      "description",
      "description_en",
      "description_fr",
      "price",
      "section_id",
      "category",
      "low_stock_threshold",
      "sku",
      "has_variants",
    ])
    .where("id", "in", demoIds)
    .orderBy("id")
    .execute();
  const images = await db
    .selectFrom("product_images")
    .select(["product_id", "position", "url", "width", "height", "alt", "widths"])
    .where("product_id", "in", demoIds)
    .orderBy("product_id")
    .orderBy("position")
    .execute();
  return rows
    .filter((row) => row.category !== null && !row.has_variants)
    .map((row) => ({
      ...row,
      category: row.category!,
      images: images.filter((image) => image.product_id === row.id).map(({ product_id: _, ...image }) => image),
    }));
}

export interface GrowReport {
  /** Products before and after. */
  before: number;
  after: number;
  inserted: number;
  categories: number;
  ms: number;
  /** Slug of a generated product in `category` (for the bench's product page). */
  sampleSlug: (category: string) => string | undefined;
}

/**
 * Grows the catalogue to `target` products (nothing when it has that many already) from the
 * demo catalogue's products, which must be in the database (a demo-seeded shop): products and
 * images inserted BENCH_INSERT_BATCH rows at a time, then their search_text, in one transaction.
 */
export async function growCatalogue(db: Kysely<Database>, target: number): Promise<GrowReport> {
  const started = performance.now();
  const count = async () =>
    Number(
      (
        await db
          .selectFrom("products")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await count();
  const templates = await loadTemplates(db);
  if (templates.length === 0) throw new Error("the database has none of the demo catalogue's products to grow from");
  const newest = new Date(Math.max(...demoProducts.map((p) => Date.parse(p.createdAt)).filter(Number.isFinite)));
  const wanted = Math.max(0, target - before);
  // Numbered after the products an earlier call generated, so ids, slugs and SKUs stay unique.
  const generated = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("id", ">=", `p${ID_BASE}`)
    .where("id", "<", `p${ID_BASE + ID_SPAN}`)
    .executeTakeFirstOrThrow();
  const { products, images } = benchProducts(templates, Number(generated.n), wanted, newest);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < products.length; i += BENCH_INSERT_BATCH) {
      await trx
        .insertInto("products")
        .values(products.slice(i, i + BENCH_INSERT_BATCH))
        .execute();
    }
    for (let i = 0; i < images.length; i += BENCH_INSERT_BATCH) {
      await insertImages(trx, images.slice(i, i + BENCH_INSERT_BATCH));
    }
    await refreshSearchText(
      trx,
      products.map((p) => p.id),
    );
  });
  const after = await count();
  return {
    before,
    after,
    inserted: products.length,
    categories: new Set(templates.map((t) => t.category)).size,
    ms: performance.now() - started,
    sampleSlug: (category) => {
      const inCategory = products.filter((p) => p.category === category && p.in_stock);
      return inCategory[Math.floor(inCategory.length / 2)]?.slug;
    },
  };
}
