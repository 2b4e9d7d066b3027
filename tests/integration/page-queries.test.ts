import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/server/db/database.server";
import { isPostgresUrl } from "~/server/db/db.server";
import { addFortyVariantProduct, VARIANTS_PRODUCT_SLUG } from "../../scripts/bench-variants";
import { countQueries, sqlitePlan, type QueryCounter } from "../support/query-counter";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/*
 * The product, category and home pages answer from the database in at most two round trips
 * each (docs/decisions/0017-reference-cache-and-prepared-reads.md). A round trip here is a query sent to the database and waited for. Two measures
 * (tests/support/query-counter.ts):
 * - `queries`, every query sent, one by one: the strict one, asserted <= 2 once the reference
 *   data (categories, delivery fees, page layouts, featured collections) is in memory
 *   (app/server/reference-cache.server.ts), which is the case of every request but one per
 *   few seconds;
 * - `roundTrips`, queries sent together (Promise.all) counting once: asserted <= 2 also right
 *   after the reference data was forgotten (an admin write, or the 5 s lifetime ran out).
 * The root loader sends none (the shop settings it shows are read once, at start-up).
 */

// The loaders read the process-wide database (getDb): point it at this file's test database,
// seen through a query counter.
let counted: Kysely<Database>;
vi.mock("~/server/db/connection.server", () => ({
  getDb: () => counted,
  getDatabase: () => ({ db: counted, dialect: "sqlite", close: async () => {} }),
  closeDatabase: async () => {},
}));

const root = await import("~/root");
const home = await import("~/routes/shop/home");
const category = await import("~/routes/shop/category");
const product = await import("~/routes/shop/product");
const { saveSection } = await import("~/server/merchandising/page-sections.service.server");
const { saveCollection } = await import("~/server/merchandising/collections.service.server");
const { searchProducts } = await import("~/server/catalog/index.server");
const { invalidateReferenceData } = await import("~/server/reference-cache.server");
const { getShopSettings } = await import("~/server/settings/index.server");

let t: TestDatabase;
let counter: QueryCounter;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  // A product with 40 variants (8 colours × 5 sizes), as the bench measures it.
  await addFortyVariantProduct(t.db);
  ({ db: counted, counter } = countQueries(t.db));
  // The shop settings are read once, at start-up (boot.server.ts), and kept in memory.
  await getShopSettings(counted);
});
afterAll(async () => {
  await t.destroy();
});

type AnyLoader = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;

interface Page {
  name: string;
  loader: () => unknown;
  params?: Record<string, string>;
}

/** Runs a page's loader on a fresh request; returns what it returned and the queries it sent. */
async function load(page: Page) {
  counter.reset();
  const result = await (page.loader() as AnyLoader)({
    request: new Request(`http://shop.test${page.name}`),
    params: page.params ?? {},
    context: {},
  });
  return {
    result: JSON.parse(JSON.stringify(result)) as unknown,
    queries: counter.queries,
    roundTrips: counter.roundTrips,
    log: counter.describe(),
    counted: [...counter.log],
  };
}

const kitchen = { slug: "kitchen" };
const phone = "smartphone-6-7-inch-128gb";
const pages: Page[] = [
  { name: "/", loader: () => home.loader },
  { name: "/categories/kitchen", loader: () => category.loader, params: kitchen },
  { name: "/categories/kitchen?sort=price-asc", loader: () => category.loader, params: kitchen },
  { name: "/categories/kitchen?sort=price-desc", loader: () => category.loader, params: kitchen },
  // Past the last page (kitchen has 5 products): the page is empty, its total counted apart.
  { name: "/categories/kitchen?page=2", loader: () => category.loader, params: kitchen },
  { name: `/products/${phone}`, loader: () => product.loader, params: { slug: phone } },
  // Options, values, variants and their pictures come in the product's one query.
  { name: `/products/${VARIANTS_PRODUCT_SLUG}`, loader: () => product.loader, params: { slug: VARIANTS_PRODUCT_SLUG } },
];

/** Cold (reference data just forgotten) then warm, the same answer both times. */
async function measure(page: Page) {
  invalidateReferenceData();
  const cold = await load(page);
  const warm = await load(page);
  // The same page (but for the order form's fresh idempotency key).
  const withoutKey = (result: unknown) => ({ ...(result as object), orderKey: undefined });
  expect(withoutKey(warm.result), page.name).toEqual(withoutKey(cold.result));
  // Kept for the report: `npx vitest run tests/integration/page-queries.test.ts` prints them.
  console.info(
    `${page.name}: cold ${cold.queries} queries / ${cold.roundTrips} round trips; warm ${warm.queries} / ${warm.roundTrips} [${warm.log}]`,
  );
  return { cold, warm };
}

describe("round trips of the storefront pages", () => {
  it("the root loader sends no query", async () => {
    counter.reset();
    await (root.loader as unknown as AnyLoader)({ request: new Request("http://shop.test/"), params: {}, context: {} });
    expect(counter.queries).toBe(0);
  });

  it.each(pages)("$name: at most two queries (warm), two round trips (cold)", async (page) => {
    const { cold, warm } = await measure(page);
    expect(warm.queries, warm.log).toBeLessThanOrEqual(2);
    expect(warm.roundTrips, warm.log).toBeLessThanOrEqual(2);
    expect(cold.roundTrips, cold.log).toBeLessThanOrEqual(2);
  });

  it("the pages still show what they showed", async () => {
    const homePage = (await load(pages[0]!)).result as {
      featured: unknown[];
      specialOffers: unknown[];
      categories: { slug: string; productCount: number }[];
      fallback: boolean;
    };
    expect(homePage.fallback).toBe(false);
    expect(homePage.featured.length).toBeGreaterThan(0);
    expect(homePage.specialOffers.length).toBeGreaterThan(0);
    expect(homePage.categories.find((c) => c.slug === "kitchen")?.productCount).toBeGreaterThan(0);

    const listing = (await load(pages[1]!)).result as { found: boolean; listing: { products: { image: unknown }[]; total: number } };
    expect(listing.found).toBe(true);
    expect(listing.listing.products.length).toBe(listing.listing.total);
    expect(listing.listing.products.every((card) => card.image !== null)).toBe(true);

    const pastEnd = (await load(pages[4]!)).result as { listing: { products: unknown[]; total: number; pageCount: number } };
    expect(pastEnd.listing.products).toEqual([]);
    expect(pastEnd.listing.total).toBe(listing.listing.total);

    // The product page answers through data() (its status and headers beside the page).
    const productPage = (
      (await load(pages[5]!)).result as {
        data: { found: boolean; product: { slug: string; images: { src: string }[] }; category: { slug: string } | null; wilayas: unknown[] };
      }
    ).data;
    expect(productPage.found).toBe(true);
    expect(productPage.product.slug).toBe(phone);
    expect(productPage.product.images.length).toBeGreaterThan(0);
    expect(productPage.category).not.toBeNull();
    expect(productPage.wilayas.length).toBeGreaterThan(0);

    const manyVariants = (
      (await load(pages[6]!)).result as {
        data: { found: boolean; product: { variants: { options: { values: unknown[] }[]; variants: { imageIds: number[] }[] } } };
      }
    ).data;
    expect(manyVariants.found).toBe(true);
    expect(manyVariants.product.variants.options.map((option) => option.values.length)).toEqual([8, 5]);
    expect(manyVariants.product.variants.variants).toHaveLength(40);
    expect(manyVariants.product.variants.variants.every((variant) => variant.imageIds.length === 1)).toBe(true);
    const chosen = await load({
      name: `/products/${VARIANTS_PRODUCT_SLUG}?variant=1`,
      loader: () => product.loader,
      params: { slug: VARIANTS_PRODUCT_SLUG },
    });
    expect(chosen.queries, chosen.log).toBeLessThanOrEqual(2);

    const unknown = await load({ name: "/products/no-such-product", loader: () => product.loader, params: { slug: "no-such-product" } });
    expect(unknown.queries).toBe(1);

    // A category the cached table does not know is looked up: one created a moment ago shows at once.
    const fresh = { name: "/categories/just-created", loader: () => category.loader, params: { slug: "just-created" } };
    const missing = await load(fresh);
    expect(missing.result).toMatchObject({ data: { found: false }, init: { status: 404 } });
    expect(missing.queries, missing.log).toBeLessThanOrEqual(2);
    await t.db.insertInto("categories").values({ slug: "just-created", name: "جديد", created_at: new Date().toISOString() }).execute();
    expect((await load(fresh)).result).toMatchObject({ found: true, name: "جديد" });
  });

  it("/ with the merchant's sections: the built-in lists are not read, and a change shows at once", async () => {
    const collection = await saveCollection(t.db, t.storage, {
      id: null,
      fields: { title: "مجموعة", slug: "page-queries", isActive: "on", isFeatured: "on" },
      productIds: ["p1", "p2"].map((n) => n),
      image: null,
      removeImage: false,
    });
    // Product ids of the demo catalogue.
    const ids = (await t.db.selectFrom("products").select("id").where("in_stock", "=", true).orderBy("id").limit(3).execute()).map((r) => r.id);
    const withProducts = await saveCollection(t.db, t.storage, {
      id: null,
      fields: { title: "مجموعة", slug: "page-queries-2", isActive: "on", isFeatured: "on" },
      productIds: ids,
      image: null,
      removeImage: false,
    });
    expect(withProducts.ok).toBe(true);
    const collectionId = withProducts.ok ? withProducts.id : -1;
    expect(collection.ok).toBe(false); // unknown product ids: refused, nothing stored

    const before = (await load(pages[0]!)).result as { sections: unknown[] };
    expect(before.sections).toEqual([]);
    for (const [fields, productIds] of [
      [{ sectionType: "featured-products", title: "مختارات" }, ids.slice(0, 2)],
      [{ sectionType: "special-offers", title: "عروض" }, []],
      [{ sectionType: "collection-slider", title: "مجموعة", collectionId: String(collectionId) }, []],
    ] as const) {
      const saved = await saveSection(t.db, { id: null, fields: { pageIdentifier: "home", isActive: "on", ...fields }, productIds: [...productIds] });
      expect(saved.ok).toBe(true);
    }

    const { cold, warm } = await measure(pages[0]!);
    expect(warm.queries, warm.log).toBeLessThanOrEqual(2);
    expect(warm.roundTrips, warm.log).toBe(1);
    expect(cold.roundTrips, cold.log).toBeLessThanOrEqual(2);
    const page = warm.result as {
      sections: { type: string; products: { id: string }[]; collection: { products: unknown[] } | null }[];
      featured: unknown[];
      specialOffers: unknown[];
    };
    expect(page.sections.map((s) => s.type)).toEqual(["featured-products", "special-offers", "collection-slider"]);
    expect(page.sections[0]!.products.map((p) => p.id)).toEqual(ids.slice(0, 2));
    expect(page.sections[1]!.products.length).toBeGreaterThan(0);
    expect(page.sections[2]!.collection?.products.length).toBe(ids.length);
    // Not shown, not read.
    expect(page.featured).toEqual([]);
    expect(page.specialOffers).toEqual([]);
  });
});

// Engine-specific checks are registered on their engine only (the other leg of CI runs them).
if (!isPostgres())
  describe("indexes (SQLite's query plans)", () => {
    /** Every step of every query of a page, as "SCAN x" / "SEARCH x USING INDEX …" lines. */
    async function plansOf(page: Page) {
      await load(page); // warm
      const { counted: queries } = await load(page);
      return (await Promise.all(queries.map((query) => sqlitePlan(t.db, query)))).flat();
    }

    const noFullScanOfProducts = (plan: string[]) =>
      expect(
        plan.filter((step) => /^SCAN (products|main_image|product_images)\b/.test(step) && !/USING (COVERING )?INDEX/.test(step)),
        plan.join("\n"),
      ).toEqual([]);

    it("category listings read their page from the index, in its order", async () => {
      for (const [sort, index] of [
        ["", "products_category_newest"],
        ["?sort=price-asc", "products_category_price"],
      ] as const) {
        const plan = await plansOf({ name: `/categories/kitchen${sort}`, loader: () => category.loader, params: kitchen });
        noFullScanOfProducts(plan);
        expect(
          plan.some((step) => step.startsWith(`SEARCH products USING INDEX ${index} (category=? AND in_stock=?)`)),
          plan.join("\n"),
        ).toBe(true);
        expect(
          plan.some((step) => step.includes("TEMP B-TREE")),
          plan.join("\n"),
        ).toBe(false);
        expect(
          plan.some((step) => /SEARCH main_image USING INDEX/.test(step)),
          plan.join("\n"),
        ).toBe(true);
      }
    });

    it("the home lists and a product by slug use indexes", async () => {
      invalidateReferenceData();
      await t.db.deleteFrom("page_sections").execute();
      invalidateReferenceData();
      const homePlan = await plansOf(pages[0]!);
      noFullScanOfProducts(homePlan);
      expect(
        homePlan.filter((step) => step.includes("USING INDEX products_section_newest (section_id=? AND in_stock=?)")),
        homePlan.join("\n"),
      ).toHaveLength(2);

      const productPlan = await plansOf(pages[5]!);
      noFullScanOfProducts(productPlan);
      expect(
        productPlan.some((step) => /SEARCH products USING INDEX sqlite_autoindex_products_\d \(slug=\?\)/.test(step)),
        productPlan.join("\n"),
      ).toBe(true);
      expect(
        productPlan.some((step) => /SEARCH product_images USING INDEX sqlite_autoindex_product_images_\d \(product_id=\?\)/.test(step)),
        productPlan.join("\n"),
      ).toBe(true);
    });

    it("price, high to low: the index gives the order of the prices, only ties (by id) are sorted apart", async () => {
      const plan = await plansOf({ name: "/categories/kitchen?sort=price-desc", loader: () => category.loader, params: kitchen });
      noFullScanOfProducts(plan);
      expect(
        plan.some((step) => step.startsWith("SEARCH products USING INDEX products_category_price (category=? AND in_stock=?)")),
        plan.join("\n"),
      ).toBe(true);
      expect(
        plan.filter((step) => step.includes("TEMP B-TREE")),
        plan.join("\n"),
      ).toEqual(["USE TEMP B-TREE FOR LAST TERM OF ORDER BY"]);
    });

    it("search still scans products: it matches LIKE '%word%', which no B-tree index serves (migration 003)", async () => {
      counter.reset();
      await searchProducts(counted, "هاتف", "ar", { sort: "relevance", page: 1 });
      const plan = (await Promise.all(counter.log.map((query) => sqlitePlan(t.db, query)))).flat();
      expect(plan, plan.join("\n")).toContain("SCAN products");
    });
  });

if (isPostgres())
  describe("prepared statements (PostgreSQL)", () => {
    it("a page's reads run as named prepared statements of the connection", async () => {
      await load(pages[1]!);
      await load(pages[1]!);
      // Sequential queries reuse the pool's last released connection: the one that just ran the page.
      const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(t.db);
      expect(
        rows.some((row) => row.name.startsWith("souq_") && row.statement.includes('"main_image"')),
        JSON.stringify(rows),
      ).toBe(true);
    });
  });

function isPostgres(): boolean {
  return isPostgresUrl(process.env.TEST_DATABASE_URL ?? "");
}
