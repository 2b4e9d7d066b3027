import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import type { Language } from "~/i18n/config";
import type { SearchSort } from "~/lib/listing";
import { PAGE_SIZE } from "~/server/catalog/product.service.server";
import { nowIso } from "~/server/db/types.server";
import { refreshMissingSearchText, refreshSearchText, selectSearchPage } from "~/server/catalog/search.repo.server";
import { searchProducts } from "~/server/catalog/index.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await t.destroy();
});

const demo = (slug: string) => {
  const product = demoProducts.find((p) => p.slug === slug);
  if (!product) throw new Error(`demo product ${slug} is gone: update this test`);
  return product;
};

const search = (query: string, options: { language?: Language; sort?: SearchSort; page?: number } = {}) =>
  searchProducts(t.db, query, options.language ?? "ar", { sort: options.sort ?? "relevance", page: options.page ?? 1 });

const slugsOf = async (query: string, options: Parameters<typeof search>[1] = {}) => (await search(query, options)).products.map((p) => p.slug);

/** Inserts products (without their search text, as an old database or a raw insert would have them). */
async function insertProducts(
  rows: { id: string; title: string; titleEn?: string; sku?: string; inStock?: boolean; createdAt: string; price?: number }[],
) {
  for (const row of rows) {
    await t.db
      .insertInto("products")
      .values({
        id: row.id,
        slug: `test-${row.id}`,
        title: row.title,
        title_en: row.titleEn ?? null,
        title_fr: null,
        price: row.price ?? 1000,
        in_stock: row.inStock ?? true,
        stock_quantity: row.inStock === false ? 0 : 50,
        sku: row.sku ?? null,
        created_at: row.createdAt,
        updated_at: nowIso(),
      })
      .execute();
  }
}

describe(`product search (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "SQLite"})`, () => {
  it("has filled every seeded product's search text", async () => {
    const empty = await t.db.selectFrom("products").select("id").where("search_text", "=", "").execute();
    expect(empty).toEqual([]);
  });

  it("finds an Arabic title typed with other alif, ta marbuta and ya forms, and without diacritics", async () => {
    // أطلس typed with a bare alif.
    expect(await slugsOf("اطلس الجزائر")).toEqual([demo("illustrated-atlas-algeria-world").slug]);
    // غلاية typed with ه for ة.
    expect(await slugsOf("غلايه ماء")).toEqual([demo("electric-kettle-1-7l").slug]);
    // ذكي typed with ى, and آلة typed with إ and ه, and with diacritics and tatweel.
    expect(await slugsOf("هاتف ذكى")).toEqual([demo("smartphone-6-7-inch-128gb").slug]);
    expect(await slugsOf("إلَه قَهْوَة اسبريســو")).toEqual([demo("espresso-machine-15-bar").slug]);
    // Arabic-Indic digits.
    expect(await slugsOf("غسالة ١٠ كلغ")).toEqual([demo("twin-tub-washing-machine-10kg").slug]);
  });

  it("finds a French title with or without accents and in upper case, an English one, and a SKU", async () => {
    const tv = demo("smart-tv-43-inch-full-hd").slug;
    expect(await slugsOf("téléviseur")).toEqual([tv]);
    expect(await slugsOf("televiseur intelligent")).toEqual([tv]);
    expect(await slugsOf("TÉLÉVISEUR")).toEqual([tv]);
    expect(await slugsOf("TELEVISEUR", { language: "fr" })).toEqual([tv]);
    expect(await slugsOf("BOUILLOIRE électrique")).toEqual([demo("electric-kettle-1-7l").slug]);
    expect(await slugsOf("kettle")).toEqual([demo("electric-kettle-1-7l").slug]);
    const kettle = demo("electric-kettle-1-7l");
    expect(await slugsOf(kettle.sku.toLowerCase())).toContain(kettle.slug);
  });

  it("shows the product in the shopper's language", async () => {
    const [card] = (await search("bouilloire", { language: "fr" })).products;
    expect(card?.title).toBe(demo("electric-kettle-1-7l").titleFr);
    expect(card?.titleAr).toBe(demo("electric-kettle-1-7l").title);
  });

  it("needs every word: one unknown word finds nothing", async () => {
    expect((await search("غلاية zzzzunknown")).total).toBe(0);
  });

  it("finds nothing for an empty or punctuation-only query, and takes % and _ literally", async () => {
    for (const query of ["", "   ", "%", "_", "%%", "%_%", "\\", "؟!"]) {
      const result = await search(query);
      expect(result, JSON.stringify(query)).toMatchObject({ products: [], total: 0, page: 1, pageCount: 1 });
    }
    // At the database level too: a wildcard in a token matches only itself, on both dialects.
    await insertProducts([{ id: "p9000000000001", title: "تجربة", createdAt: "2026-01-01T00:00:00.000Z" }]);
    await t.db.updateTable("products").set({ search_text: "x 100%_\\off # x ~ x ^ " }).where("id", "=", "p9000000000001").execute();
    const page = (tokens: string[]) => selectSearchPage(t.db, tokens, "ar", { sort: "relevance", limit: 100, offset: 0 });
    expect((await page(["%"])).map((r) => r.id)).toEqual(["p9000000000001"]);
    expect((await page(["100%_\\off"])).map((r) => r.id)).toEqual(["p9000000000001"]);
    expect(await page(["100%x"])).toEqual([]);
    expect(await page(["10_"])).toEqual([]);
    expect(await page(["0%_\\o"])).toHaveLength(1);
    expect(await page(["_"])).toHaveLength(1);
    expect(await page(["\\"])).toHaveLength(1);
    await t.db.deleteFrom("products").where("id", "=", "p9000000000001").execute();
    expect(await page(["%"])).toEqual([]);
    expect(await page(["_"])).toEqual([]);
  });

  it("stores SQL metacharacters verbatim and finds them by their words", async () => {
    const titles = {
      p9100000000001: "'; DROP TABLE products; -- Robe",
      p9100000000002: 'Stylo 100% "bleu" _fin_ \\ O\'Brien',
      p9100000000003: "x' OR '1'='1 Cahier",
    } as const;
    await insertProducts(Object.entries(titles).map(([id, title]) => ({ id, title, createdAt: "2026-01-02T00:00:00.000Z" })));
    await refreshSearchText(t.db, Object.keys(titles));
    try {
      const stored = await t.db.selectFrom("products").select(["id", "title"]).where("id", "in", Object.keys(titles)).orderBy("id").execute();
      expect(Object.fromEntries(stored.map((row) => [row.id, row.title]))).toEqual(titles);
      // The query itself carries the metacharacters: no error, no injection, the product found.
      expect(await slugsOf("'; DROP TABLE products; --")).toContain("test-p9100000000001");
      expect(await slugsOf("robe'; --")).toContain("test-p9100000000001");
      expect(await slugsOf("x' OR '1'='1")).toEqual(["test-p9100000000003"]);
      expect(await slugsOf("O'Brien")).toEqual(["test-p9100000000002"]);
      expect(await slugsOf("stylo 100%")).toEqual(["test-p9100000000002"]);
      // An always-true condition after an unknown word matches nothing: the words are data, never SQL.
      expect(await slugsOf("zzqqx' OR '1'='1' --")).toEqual([]);
      // The table is still there, with the seeded catalogue.
      const count = await t.db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBeGreaterThanOrEqual(demoProducts.length + 3);
    } finally {
      await t.db.deleteFrom("products").where("id", "in", Object.keys(titles)).execute();
    }
  });

  it("ranks in-stock products before out-of-stock ones", async () => {
    const result = await search("حقيبة ظهر");
    const expected = demoProducts.filter((p) => p.title.includes("حقيبة ظهر"));
    expect(result.total).toBe(expected.length);
    expect(expected.some((p) => !p.inStock)).toBe(true);
    const stock = result.products.map((p) => p.inStock);
    expect(stock).toEqual([...stock].sort((a, b) => Number(b) - Number(a)));
    expect(stock.at(-1)).toBe(false);
  });

  it("ranks by relevance: in stock, title starting with the first word, words in the shopper's title, newest", async () => {
    await insertProducts([
      { id: "p9000000000011", title: "qwzx plop ألف", createdAt: "2026-01-01T00:00:00.000Z" },
      { id: "p9000000000012", title: "plop qwzx باء", createdAt: "2026-06-01T00:00:00.000Z" },
      { id: "p9000000000013", title: "qwzx جيم", sku: "PLOP-1", createdAt: "2026-09-01T00:00:00.000Z" },
      { id: "p9000000000014", title: "ثوب", titleEn: "qwzx plop", createdAt: "2026-10-01T00:00:00.000Z" },
      { id: "p9000000000015", title: "qwzx plop هاء", inStock: false, createdAt: "2026-12-01T00:00:00.000Z" },
    ]);
    expect(await refreshMissingSearchText(t.db)).toBe(5);
    expect(await refreshMissingSearchText(t.db)).toBe(0);
    const ids = async (language: Language, sort: SearchSort = "relevance") =>
      (await search("Qwzx PLOP", { language, sort })).products.map((p) => p.id.slice(-2));

    expect(await ids("ar")).toEqual(["11", "13", "12", "14", "15"]);
    // In English, product 14's own title has both words and starts with the first; the others fall back to Arabic.
    expect(await ids("en")).toEqual(["14", "11", "13", "12", "15"]);
    expect(await ids("ar", "newest")).toEqual(["14", "13", "12", "11", "15"]);

    // A changed title is found once refreshed.
    await t.db.updateTable("products").set({ title: "qwzx plop تغيير" }).where("id", "=", "p9000000000014").execute();
    expect(await refreshSearchText(t.db, ["p9000000000014"])).toBe(1);
    expect(await refreshSearchText(t.db, [])).toBe(0);
    expect(await ids("ar")).toEqual(["14", "11", "13", "12", "15"]);

    await t.db.deleteFrom("products").where("id", "like", "p90000000000%").execute();
  });

  it("pages through many results without overlap", async () => {
    const first = await search("a");
    expect(first.total).toBeGreaterThan(PAGE_SIZE);
    expect(first.products).toHaveLength(PAGE_SIZE);
    expect(first.pageCount).toBe(Math.ceil(first.total / PAGE_SIZE));
    const seen = new Set<string>();
    for (let page = 1; page <= first.pageCount; page++) {
      const result = await search("a", { page });
      expect(result.total).toBe(first.total);
      for (const product of result.products) {
        expect(seen.has(product.id), `${product.id} on page ${page} again`).toBe(false);
        seen.add(product.id);
      }
    }
    expect(seen.size).toBe(first.total);
    const second = await search("a", { page: 2 });
    expect(second.products[0]?.id).not.toBe(first.products[0]?.id);

    // Past the last page: no products, but the count is still right.
    const past = await search("a", { page: first.pageCount + 5 });
    expect(past).toMatchObject({ products: [], total: first.total, pageCount: first.pageCount });
  });

  it("sorts by price up and down, in-stock products first", async () => {
    for (const sort of ["price-asc", "price-desc"] as const) {
      const result = await search("e", { sort, language: "fr" });
      expect(result.total).toBeGreaterThan(PAGE_SIZE);
      const all = [];
      for (let page = 1; page <= result.pageCount; page++) all.push(...(await search("e", { sort, page, language: "fr" })).products);
      const inStock = all.filter((p) => p.inStock);
      const out = all.filter((p) => !p.inStock);
      expect(all).toEqual([...inStock, ...out]);
      for (const group of [inStock, out]) {
        const prices = group.map((p) => p.price);
        expect(prices).toEqual([...prices].sort((a, b) => (sort === "price-asc" ? a - b : b - a)));
      }
    }
    const cheapest = await search("e", { sort: "price-asc" });
    const dearest = await search("e", { sort: "price-desc" });
    expect(cheapest.products[0]!.price).toBeLessThan(dearest.products[0]!.price);
  });
});

describe("search by a variant's SKU", () => {
  it("finds the product of a variant's SKU, and again after the variants change", async () => {
    expect(await slugsOf("TOY-001-BLU")).toEqual(["sport-remote-control-car"]);
    const car = demo("sport-remote-control-car");
    await t.db.updateTable("product_variants").set({ sku: "RC-NAVY-77" }).where("sku", "=", "TOY-001-BLU").execute();
    try {
      expect(await refreshSearchText(t.db, [car.id])).toBe(1);
      expect(await slugsOf("rc-navy-77")).toEqual(["sport-remote-control-car"]);
      expect(await slugsOf("TOY-001-BLU")).toEqual([]);
    } finally {
      await t.db.updateTable("product_variants").set({ sku: "TOY-001-BLU" }).where("sku", "=", "RC-NAVY-77").execute();
      await refreshSearchText(t.db, [car.id]);
    }
  });
});
