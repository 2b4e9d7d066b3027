import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCategories, demoProducts, demoSections } from "~/data/demo-catalogue";
import { createI18n } from "~/i18n/i18n";
import { STOCK_ALERTS_SHOWN } from "~/lib/inventory";
import { handleTaxonomyForm } from "~/server/catalog/taxonomy-form.server";
import {
  createCategory,
  createSection,
  deleteCategory,
  deleteSection,
  listAdminCategories,
  listAdminSections,
  updateCategory,
} from "~/server/catalog/taxonomy.service.server";
import { listInventoryItems, loadInventory, setStock } from "~/server/catalog/index.server";
import { seededCategories, seededInventoryRows, seededProducts } from "../support/seeded-catalogue";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await t.destroy();
});

const productCategory = async (id: string) =>
  await t.db.selectFrom("products").select(["category", "section_id"]).where("id", "=", id).executeTakeFirstOrThrow();

describe("the inventory", () => {
  it("has stats equal to a direct computation over the seeded catalogue (demo and jewellery)", async () => {
    const { stats, items, alerts } = await loadInventory(t.db);
    // A product with variants is one row per variant.
    const rows = seededInventoryRows;
    const out = rows.filter((p) => !p.inStock || p.stockQuantity <= 0);
    const low = rows.filter((p) => p.inStock && p.stockQuantity > 0 && p.stockQuantity <= p.lowStockThreshold);
    expect(stats).toEqual({
      totalProducts: rows.length,
      outOfStock: out.length,
      lowStock: low.length,
      stockValue: rows.reduce((sum, p) => sum + p.price * p.stockQuantity, 0),
    });
    expect(out.length).toBeGreaterThan(0);
    expect(low.length).toBeGreaterThan(0);
    expect(alerts).toHaveLength(out.length + low.length);
    expect(items).toHaveLength(rows.length);
  });

  it("lists every product by stock ascending, with its main image and SKU", async () => {
    const items = await listInventoryItems(t.db);
    const quantities = items.map((item) => item.stockQuantity);
    expect(quantities).toEqual([...quantities].sort((a, b) => a - b));
    const demo = demoProducts.find((p) => !p.variants)!;
    const item = items.find((i) => i.id === demo.id)!;
    expect(item).toMatchObject({ title: demo.title, sku: demo.sku, price: demo.price, inStock: demo.inStock });
    expect(item.image?.src).toBeTruthy();
  });

  it("puts out-of-stock alerts before low ones, lowest stock first", async () => {
    const { alerts } = await loadInventory(t.db);
    const firstLow = alerts.findIndex((a) => a.status === "low");
    expect(alerts.slice(0, firstLow).every((a) => a.status === "out")).toBe(true);
    expect(alerts.slice(firstLow).every((a) => a.status === "low")).toBe(true);
    for (const group of [alerts.slice(0, firstLow), alerts.slice(firstLow)]) {
      const stocks = group.map((a) => a.currentStock);
      expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
    }
    expect(alerts.length).toBeGreaterThanOrEqual(STOCK_ALERTS_SHOWN);
  });

  it("sets a stock quantity (non-numeric as 0), refuses a negative one and an unknown product", async () => {
    const product = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity > 10)!;
    expect(await setStock(t.db, product.id, "3")).toEqual({ ok: true, productId: product.id, quantity: 3 });
    let { items, alerts } = await loadInventory(t.db);
    expect(items.find((i) => i.id === product.id)!.stockQuantity).toBe(3);
    expect(alerts.find((a) => a.productId === product.id)).toMatchObject({ status: "low", currentStock: 3 });

    expect(await setStock(t.db, product.id, "-4")).toEqual({ ok: false, error: "negative" });
    expect((await listInventoryItems(t.db)).find((i) => i.id === product.id)!.stockQuantity).toBe(3);

    expect(await setStock(t.db, product.id, "lots")).toMatchObject({ ok: true, quantity: 0 });
    ({ alerts } = await loadInventory(t.db));
    expect(alerts.find((a) => a.productId === product.id)).toMatchObject({ status: "out" });

    expect(await setStock(t.db, "p-no-such-product", "5")).toEqual({ ok: false, error: "not_found" });

    expect(await setStock(t.db, product.id, String(product.stockQuantity))).toMatchObject({ ok: true });
    ({ items } = await loadInventory(t.db));
    expect(items.find((i) => i.id === product.id)!.stockQuantity).toBe(product.stockQuantity);
  });
});

describe("admin categories", () => {
  it("lists every category with all its products counted", async () => {
    const categories = await listAdminCategories(t.db);
    expect(categories.map((c) => c.key).sort()).toEqual(seededCategories.map((c) => c.slug).sort());
    for (const category of categories) {
      expect(category.productCount, category.key).toBe(seededProducts.filter((p) => p.category === category.key).length);
    }
  });

  it("creates a category and refuses a slug already taken", async () => {
    expect(await createCategory(t.db, { key: "garden", name: "الحديقة", nameEn: "Garden", nameFr: null })).toEqual({
      ok: true,
      key: "garden",
    });
    expect(await createCategory(t.db, { key: "garden", name: "أخرى", nameEn: null, nameFr: null })).toEqual({
      ok: false,
      error: "taken",
    });
    expect((await listAdminCategories(t.db)).find((c) => c.key === "garden")).toEqual({
      key: "garden",
      name: "الحديقة",
      nameEn: "Garden",
      nameFr: null,
      productCount: 0,
    });
  });

  it("edits names only: the slug never changes", async () => {
    const ar = await createI18n("ar");
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "update", key: "garden", name: "حديقة المنزل", nameFr: "Jardin", slug: "renamed" })) {
      form.set(name, value);
    }
    expect(await handleTaxonomyForm(t.db, "categories", form, ar.t)).toEqual({ ok: true, notice: "saved" });
    const categories = await listAdminCategories(t.db);
    expect(categories.find((c) => c.key === "garden")).toMatchObject({ name: "حديقة المنزل", nameEn: null, nameFr: "Jardin" });
    expect(categories.some((c) => c.key === "renamed")).toBe(false);
    expect(await updateCategory(t.db, "no-such", { name: "x", nameEn: null, nameFr: null })).toEqual({ ok: false, error: "not_found" });
  });

  it("answers the shop's messages for a missing field and a taken slug", async () => {
    const ar = await createI18n("ar");
    const missing = new FormData();
    missing.set("intent", "create");
    missing.set("key", "new-one");
    expect(await handleTaxonomyForm(t.db, "categories", missing, ar.t)).toMatchObject({
      ok: false,
      status: 400,
      refusal: { message: "يرجى ملء جميع الحقول" },
    });
    const clash = new FormData();
    clash.set("intent", "create");
    clash.set("key", " Garden ");
    clash.set("name", "x");
    expect(await handleTaxonomyForm(t.db, "categories", clash, ar.t)).toMatchObject({ ok: false, status: 409 });
  });

  it("refuses to delete a category its products use, unless they move to another in the same transaction", async () => {
    const used = demoCategories.find((c) => demoProducts.some((p) => p.category === c.slug))!.slug;
    const products = demoProducts.filter((p) => p.category === used);
    expect(await deleteCategory(t.db, used)).toEqual({ ok: false, error: "in_use", productCount: products.length });
    expect(await deleteCategory(t.db, used, { reassignTo: used })).toEqual({ ok: false, error: "invalid_target" });
    expect(await deleteCategory(t.db, used, { reassignTo: "no-such" })).toEqual({ ok: false, error: "invalid_target" });
    expect((await productCategory(products[0]!.id)).category).toBe(used);

    expect(await deleteCategory(t.db, used, { reassignTo: "garden" })).toEqual({ ok: true, moved: products.length });
    const categories = await listAdminCategories(t.db);
    expect(categories.some((c) => c.key === used)).toBe(false);
    expect(categories.find((c) => c.key === "garden")!.productCount).toBe(products.length);
    for (const product of products) expect((await productCategory(product.id)).category).toBe("garden");
  });

  it("rolls the move back when the delete fails (one transaction)", async () => {
    await createCategory(t.db, { key: "rollback-source", name: "مصدر", nameEn: null, nameFr: null });
    const product = demoProducts[1]!;
    const before = (await productCategory(product.id)).category;
    await t.db.updateTable("products").set({ category: "rollback-source" }).where("id", "=", product.id).execute();
    // A row of another table still pointing at the category makes its delete fail (foreign key, both dialects).
    await t.db.schema
      .createTable("test_category_guard")
      .addColumn("slug", "text", (col) => col.references("categories.slug"))
      .execute();
    await t.db
      .insertInto("test_category_guard" as never)
      .values({ slug: "rollback-source" } as never)
      .execute();

    await expect(deleteCategory(t.db, "rollback-source", { reassignTo: "garden" })).rejects.toThrow();
    expect((await productCategory(product.id)).category).toBe("rollback-source");
    expect((await listAdminCategories(t.db)).some((c) => c.key === "rollback-source")).toBe(true);

    await t.db.schema.dropTable("test_category_guard").execute();
    await t.db.updateTable("products").set({ category: before }).where("id", "=", product.id).execute();
    expect(await deleteCategory(t.db, "rollback-source")).toEqual({ ok: true, moved: 0 });
  });

  it("deletes an unused category", async () => {
    await createCategory(t.db, { key: "empty-one", name: "فارغ", nameEn: null, nameFr: null });
    expect(await deleteCategory(t.db, "empty-one")).toEqual({ ok: true, moved: 0 });
    expect(await deleteCategory(t.db, "empty-one")).toEqual({ ok: false, error: "not_found" });
  });
});

describe("admin sections", () => {
  it("lists, creates (id unique) and deletes sections; products of a deleted section keep no section", async () => {
    const sections = await listAdminSections(t.db);
    expect(sections.map((s) => s.key).sort()).toEqual(demoSections.map((s) => s.id).sort());

    expect(await createSection(t.db, { key: "clearance", name: "تصفية", nameEn: "Clearance", nameFr: null })).toEqual({
      ok: true,
      key: "clearance",
    });
    expect(await createSection(t.db, { key: "clearance", name: "x", nameEn: null, nameFr: null })).toEqual({ ok: false, error: "taken" });

    const product = demoProducts.find((p) => p.sectionId !== null)!;
    await t.db.updateTable("products").set({ section_id: "clearance" }).where("id", "=", product.id).execute();
    expect((await listAdminSections(t.db)).find((s) => s.key === "clearance")!.productCount).toBe(1);

    expect(await deleteSection(t.db, "clearance")).toEqual({ ok: true });
    expect((await productCategory(product.id)).section_id).toBeNull();
    expect(await deleteSection(t.db, "clearance")).toEqual({ ok: false, error: "not_found" });
    await t.db.updateTable("products").set({ section_id: product.sectionId }).where("id", "=", product.id).execute();
  });

  it("asks for the name and the id", async () => {
    const ar = await createI18n("ar");
    const form = new FormData();
    form.set("intent", "create");
    form.set("name", "قسم");
    expect(await handleTaxonomyForm(t.db, "sections", form, ar.t)).toMatchObject({
      ok: false,
      refusal: { message: "يرجى ملء جميع الحقول" },
    });
  });
});
