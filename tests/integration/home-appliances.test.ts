import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCategories, demoProducts } from "~/data/demo-catalogue";
import { APPLIANCE_CATEGORIES, APPLIANCES_LIMIT } from "~/lib/appliances";
import { listAppliances } from "~/server/catalog/appliances.service.server";
import { getCategoriesBySlug } from "~/server/catalog/catalog.service.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await t.destroy();
});

const six: readonly string[] = APPLIANCE_CATEGORIES;
const newestFirst = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
const demoInStock = (categories: readonly string[]) => demoProducts.filter((p) => categories.includes(p.category) && p.inStock).sort(newestFirst);

describe("home appliances grid (demo catalogue)", () => {
  it("with no category: the 12 newest in-stock products of the six, with the count of all of them", async () => {
    const expected = demoInStock(six);
    // The demo catalogue has more than 12, so the limit is exercised.
    expect(expected.length).toBeGreaterThan(APPLIANCES_LIMIT);
    const listing = await listAppliances(t.db, null, "ar");
    expect(listing.products.map((p) => p.id)).toEqual(expected.slice(0, APPLIANCES_LIMIT).map((p) => p.id));
    expect(listing.total).toBe(expected.length);
    expect(listing.products.every((p) => p.inStock && p.image !== null)).toBe(true);
  });

  it("with a category: only its in-stock products, newest first", async () => {
    for (const category of APPLIANCE_CATEGORIES) {
      const expected = demoInStock([category]);
      const listing = await listAppliances(t.db, category, "ar");
      expect(
        listing.products.map((p) => p.id),
        category,
      ).toEqual(expected.slice(0, APPLIANCES_LIMIT).map((p) => p.id));
      expect(listing.total, category).toBe(expected.length);
    }
    // Cooling has an out-of-stock product in the demo catalogue: it is left out.
    const soldOut = demoProducts.find((p) => p.category === "cooling" && !p.inStock);
    expect(soldOut).toBeDefined();
    const cooling = await listAppliances(t.db, "cooling", "ar");
    expect(cooling.products.map((p) => p.id)).not.toContain(soldOut!.id);
  });

  it("gives the cards in the shopper's language", async () => {
    const [card] = (await listAppliances(t.db, "kitchen", "fr")).products;
    const source = demoProducts.find((p) => p.id === card!.id)!;
    expect(card!.title).toBe(source.titleFr);
    expect(card!.titleAr).toBe(source.title);
  });
});

describe("home appliances grid (a crowded category)", () => {
  it("shows at most 12, newest first, never an out-of-stock one nor another category's", async () => {
    const now = new Date().toISOString();
    // 15 new laundry products, the newest ones out of stock every third day, and a newer toy.
    const extra = Array.from({ length: 15 }, (_, i) => ({
      id: `p95000${String(i).padStart(2, "0")}`,
      slug: `laundry-extra-${i}`,
      title: `غسالة ${i}`,
      price: 30000 + i,
      category: "laundry",
      in_stock: i % 3 !== 0,
      stock_quantity: i % 3 !== 0 ? 10 : 0,
      created_at: new Date(Date.UTC(2030, 0, 1 + i)).toISOString(),
      updated_at: now,
    }));
    await t.db.insertInto("products").values(extra).execute();
    await t.db
      .insertInto("products")
      .values({
        id: "p9500099",
        slug: "toy-newest",
        title: "لعبة",
        price: 1,
        category: "toys",
        in_stock: true,
        stock_quantity: 5,
        created_at: new Date(Date.UTC(2031, 0, 1)).toISOString(),
        updated_at: now,
      })
      .execute();

    const listing = await listAppliances(t.db, "laundry", "ar");
    const inStockExtra = extra.filter((p) => p.in_stock).sort((a, b) => b.created_at.localeCompare(a.created_at));
    const demoLaundry = demoInStock(["laundry"]);
    expect(listing.products).toHaveLength(APPLIANCES_LIMIT);
    expect(listing.total).toBe(inStockExtra.length + demoLaundry.length);
    // The 10 new in-stock ones (all newer than the demo ones), then the newest demo ones.
    expect(listing.products.map((p) => p.id)).toEqual([...inStockExtra.map((p) => p.id), ...demoLaundry.map((p) => p.id)].slice(0, APPLIANCES_LIMIT));
    expect(listing.products.every((p) => p.inStock)).toBe(true);

    // All six together: the newest in-stock ones of the six, so the newer toy is not among them.
    const all = await listAppliances(t.db, null, "ar");
    expect(all.products.map((p) => p.id)).toEqual(
      [...inStockExtra.map((p) => p.id), ...demoInStock(six).map((p) => p.id)].slice(0, APPLIANCES_LIMIT),
    );
    expect(all.products.map((p) => p.id)).not.toContain("p9500099");
    expect(all.total).toBe(demoInStock(six).length + inStockExtra.length);
  });
});

describe("appliance category rows", () => {
  it("give the merchant's names in the shopper's language, and the Arabic description on Arabic pages only", async () => {
    const ar = await getCategoriesBySlug(t.db, APPLIANCE_CATEGORIES, "ar");
    const fr = await getCategoriesBySlug(t.db, APPLIANCE_CATEGORIES, "fr");
    expect([...ar.keys()].sort()).toEqual([...APPLIANCE_CATEGORIES].sort());
    for (const slug of APPLIANCE_CATEGORIES) {
      const demo = demoCategories.find((c) => c.slug === slug)!;
      expect(ar.get(slug)).toEqual({ slug, name: demo.name, description: demo.description });
      expect(fr.get(slug)).toEqual({ slug, name: demo.nameFr, description: null });
    }
  });

  it("show the merchant's edit", async () => {
    await t.db.updateTable("categories").set({ name_en: "Cooling (edited)", description: "وصف معدل" }).where("slug", "=", "cooling").execute();
    expect((await getCategoriesBySlug(t.db, ["cooling"], "en")).get("cooling")?.name).toBe("Cooling (edited)");
    expect((await getCategoriesBySlug(t.db, ["cooling"], "ar")).get("cooling")?.description).toBe("وصف معدل");
  });

  it("are simply absent when the rows are missing, and the grid is empty without products", async () => {
    const empty = await createTestDatabase();
    try {
      expect((await getCategoriesBySlug(empty.db, APPLIANCE_CATEGORIES, "ar")).size).toBe(0);
      expect(await listAppliances(empty.db, null, "ar")).toEqual({ products: [], total: 0 });
      expect(await listAppliances(empty.db, "cooling", "en")).toEqual({ products: [], total: 0 });
    } finally {
      await empty.destroy();
    }
  });
});
