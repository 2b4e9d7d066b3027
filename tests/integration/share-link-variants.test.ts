import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { requestShareLink } from "~/server/tracking/index.server";
import { createShareLink, getLinkAnalytics, shareLinkByCode } from "~/server/tracking/tracking.service.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { insertVariants } from "../support/variants";

const ORIGIN = "https://souq.example";

let t: TestDatabase;
let variantIds: number[];
let otherVariantIds: number[];
const [product, other] = demoProducts.filter((p) => !p.variants && p.inStock && p.stockQuantity > 10);
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  ({ variantIds } = await insertVariants(t.db, product!.id, { options: [{ name: "اللون", values: ["أحمر", "أزرق"] }], skuPrefix: "SHARE-A" }));
  ({ variantIds: otherVariantIds } = await insertVariants(t.db, other!.id, { options: [{ name: "المقاس", values: ["S"] }], skuPrefix: "SHARE-B" }));
});
afterAll(async () => {
  await t.destroy();
});

const productPath = `/products/${product!.slug}`;

describe("a share link that preselects a variant", () => {
  it("opens the product's page with ?variant=, one link per variant and utm, apart from the product's own link", async () => {
    const blue = await createShareLink(
      t.db,
      { targetType: "product", targetId: product!.id, variantId: variantIds[1], utmSource: "whatsapp" },
      ORIGIN,
    );
    expect(blue).toMatchObject({ ok: true, created: true });
    if (!blue.ok) return;
    const url = new URL(blue.link.fullUrl);
    expect(decodeURIComponent(url.pathname)).toBe(productPath);
    expect(url.searchParams.get("variant")).toBe(String(variantIds[1]));
    expect(url.searchParams.get("ref")).toBe(blue.link.code);

    const again = await createShareLink(
      t.db,
      { targetType: "product", targetId: product!.id, variantId: variantIds[1], utmSource: "whatsapp" },
      ORIGIN,
    );
    expect(again).toMatchObject({ ok: true, created: false, link: { code: blue.link.code } });
    const plain = await createShareLink(t.db, { targetType: "product", targetId: product!.id, utmSource: "whatsapp" }, ORIGIN);
    expect(plain.ok && plain.created && plain.link.code !== blue.link.code).toBe(true);
    expect(plain.ok && new URL(plain.link.fullUrl).searchParams.has("variant")).toBe(false);

    const analytics = await getLinkAnalytics(t.db, { origin: ORIGIN, language: "ar" });
    const listed = analytics.links.find((link) => link.code === blue.link.code);
    expect(listed?.targetName).toBe(product!.title);
    expect(listed?.fullUrl).toContain(`variant=${variantIds[1]}`);
  });

  it("is refused for a variant of another product, an unknown or inactive one, and on a collection", async () => {
    const refused = { ok: false, status: 404, error: "unknownTarget" };
    expect(await createShareLink(t.db, { targetType: "product", targetId: product!.id, variantId: otherVariantIds[0] }, ORIGIN)).toEqual(refused);
    expect(await createShareLink(t.db, { targetType: "product", targetId: product!.id, variantId: 999_999 }, ORIGIN)).toEqual(refused);
    await t.db.updateTable("product_variants").set({ is_active: false }).where("id", "=", variantIds[0]!).execute();
    expect(await createShareLink(t.db, { targetType: "product", targetId: product!.id, variantId: variantIds[0] }, ORIGIN)).toEqual(refused);
    await t.db.updateTable("product_variants").set({ is_active: true }).where("id", "=", variantIds[0]!).execute();
    const invalid = { ok: false, status: 422, error: "invalid" };
    expect(await createShareLink(t.db, { targetType: "collection", targetId: "1", variantId: variantIds[0] }, ORIGIN)).toEqual(invalid);
    expect(await createShareLink(t.db, { targetType: "product", targetId: `${product!.id}:${variantIds[0]}` }, ORIGIN)).toEqual(invalid);
    expect(await createShareLink(t.db, { targetType: "product", targetId: product!.id, variantId: -1 }, ORIGIN)).toEqual(invalid);
  });

  it("falls back to the product's page once its variant is deleted", async () => {
    const red = await createShareLink(t.db, { targetType: "product", targetId: product!.id, variantId: variantIds[0], utmSource: "qr" }, ORIGIN);
    if (!red.ok) throw new Error("no link");
    expect(new URL((await shareLinkByCode(t.db, red.link.code, ORIGIN))!.fullUrl).searchParams.get("variant")).toBe(String(variantIds[0]));
    await t.db.deleteFrom("product_variants").where("id", "=", variantIds[0]!).execute();
    const after = new URL((await shareLinkByCode(t.db, red.link.code, ORIGIN))!.fullUrl);
    expect(decodeURIComponent(after.pathname)).toBe(productPath);
    expect(after.searchParams.has("variant")).toBe(false);
    expect(after.searchParams.get("ref")).toBe(red.link.code);
  });

  it("is asked for through POST /api/share-links with variantId (a number or digits)", async () => {
    const settings = { perIp: { limit: 100, windowSeconds: 60 } };
    const ask = (value: unknown) =>
      requestShareLink(t.db, { ip: "198.51.100.7", body: { ok: true, value }, origin: ORIGIN, language: "ar" }, settings);
    const made = await ask({ targetType: "product", targetId: product!.id, variantId: String(variantIds[1]), utmSource: "copy" });
    expect(made).toMatchObject({ ok: true, status: 201 });
    expect(made.ok && new URL(made.link.fullUrl).searchParams.get("variant")).toBe(String(variantIds[1]));
    expect(await ask({ targetType: "product", targetId: product!.id, variantId: "blue" })).toMatchObject({ ok: false, status: 422 });
    expect(await ask({ targetType: "product", targetId: product!.id, variantId: otherVariantIds[0] })).toMatchObject({ ok: false, status: 404 });
  });
});
