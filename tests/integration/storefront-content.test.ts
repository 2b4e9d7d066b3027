import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCategories } from "~/data/demo-catalogue";
import { listCategories } from "~/server/catalog/catalog.service.server";
import { getStaticPage } from "~/server/content/static-pages.server";
import { getDeliveryPromise, listWilayas } from "~/server/delivery/delivery.service.server";
import { invalidateReferenceData } from "~/server/reference-cache.server";
import { seededCategories, seededProducts } from "../support/seeded-catalogue";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await t.destroy();
});

const shop = { name: "سوق", phone: "0550123456", email: "shop@example.dz" };

describe("categories", () => {
  it("lists every category with its in-stock product count, named in the shopper's language", async () => {
    const ar = await listCategories(t.db, "ar");
    expect(ar).toHaveLength(seededCategories.length);
    for (const category of seededCategories) {
      const expected = seededProducts.filter((p) => p.category === category.slug && p.inStock).length;
      expect(ar.find((c) => c.slug === category.slug)).toEqual({ slug: category.slug, name: category.name, productCount: expected });
    }
    const fr = await listCategories(t.db, "fr");
    expect(fr.find((c) => c.slug === "toys")?.name).toBe(demoCategories.find((c) => c.slug === "toys")?.nameFr);
  });
});

describe("delivery", () => {
  it("lists the 69 wilayas in code order, Arabic names in Arabic", async () => {
    const ar = await listWilayas(t.db, "ar");
    expect(ar).toHaveLength(69);
    expect(ar[0]).toMatchObject({ code: "01", name: "أدرار" });
    expect((await listWilayas(t.db, "fr"))[15]).toMatchObject({ code: "16", name: "Alger", homePrice: 0 });
  });

  it("promises what is true: free in Alger only, from the cheapest other fee", async () => {
    expect(await getDeliveryPromise(t.db, "fr")).toEqual({ freeIn: ["Alger"], minPaidFee: 200 });
  });

  it("follows the merchant's fees, not fixed text", async () => {
    await t.db.updateTable("wilayas").set({ home_price: 150 }).where("code", "=", "09").execute();
    // Written here straight to the table: forget the fees kept in memory, as saveWilayaSettings does.
    invalidateReferenceData();
    expect((await getDeliveryPromise(t.db, "en")).minPaidFee).toBe(150);
    const shipping = await getStaticPage(t.db, "en", "shipping", shop);
    expect(JSON.stringify(shipping.page)).toContain("150\u00a0DA");
    await t.db.updateTable("wilayas").set({ home_price: 200 }).where("code", "=", "09").execute();
    invalidateReferenceData();
  });
});

describe("static pages", () => {
  it("fill in the shop's name and contacts in every language", async () => {
    for (const language of ["ar", "en", "fr"] as const) {
      const about = await getStaticPage(t.db, language, "about", shop);
      const text = JSON.stringify(about.page);
      expect(text).toContain("سوق");
      expect(text).not.toMatch(/\{\{\w+\}\}/);
    }
  });

  it("give the shipping page the fee table, with fee bounds from the database", async () => {
    const shipping = await getStaticPage(t.db, "ar", "shipping", shop);
    expect(shipping.wilayas).toHaveLength(69);
    const text = JSON.stringify(shipping.page);
    expect(text).toContain("200\u00a0دج");
    expect(text).toContain("1\u00a0200\u00a0دج");
  });

  it("point to the contact page, never to a missing number or address, while the merchant has not set them", async () => {
    const contactPage = { ar: "صفحة اتصل بنا", en: "contact page", fr: "page contact" };
    // What a sentence read when it glued a stand-in after "on the number": never again.
    const dangling = /(?<!\p{L})(على الرقم|على البريد الإلكتروني|au|à|on|at|calling)\s*(عبر|via|through|[.,،;])/u;
    for (const language of ["ar", "en", "fr"] as const) {
      for (const [phone, email] of [
        [null, shop.email],
        [shop.phone, null],
        [null, null],
      ] as const) {
        for (const key of ["about", "terms", "returns", "privacy", "faq"] as const) {
          const content = await getStaticPage(t.db, language, key, { name: shop.name, phone, email });
          const text = JSON.stringify(content.page);
          const where = `${language}.${key} phone=${phone} email=${email}`;
          expect(text, where).not.toContain("{{");
          expect(text, where).not.toMatch(dangling);
          if (phone) expect(text, where).not.toContain(shop.email);
          if (email) expect(text, where).not.toContain(shop.phone);
        }
        const faq = await getStaticPage(t.db, language, "faq", { name: shop.name, phone, email });
        if (!phone) expect(faq.page.intro).toContain(contactPage[language]);
        const about = await getStaticPage(t.db, language, "about", { name: shop.name, phone, email });
        const reachUs = about.kind === "text" ? about.page.sections.at(-1)?.paragraphs.join(" ") : "";
        expect(reachUs).toContain(contactPage[language]);
        if (phone) expect(reachUs).toContain(phone);
        if (email) expect(reachUs).toContain(email);
      }
    }
  });

  it("name the phone and the e-mail once set", async () => {
    for (const language of ["ar", "en", "fr"] as const) {
      const about = JSON.stringify((await getStaticPage(t.db, language, "about", shop)).page);
      expect(about).toContain(shop.phone);
      expect(about).toContain(shop.email);
      expect(JSON.stringify((await getStaticPage(t.db, language, "faq", shop)).page)).toContain(shop.phone);
    }
  });

  it("serve the FAQ as two questions with answers", async () => {
    const faq = await getStaticPage(t.db, "fr", "faq", shop);
    expect(faq.kind).toBe("faq");
    if (faq.kind === "faq") expect(faq.page.items).toHaveLength(2);
  });
});
