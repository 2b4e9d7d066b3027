import { describe, expect, it } from "vitest";
import ar from "./ar";
import en from "./en";
import fr from "./fr";
import { createInstance } from "i18next";
import { createI18n, createTranslator } from "./i18n";

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));

describe("translations", () => {
  it("render an unknown key as the key itself", async () => {
    const i18n = await createI18n("fr");
    expect(i18n.t("no.such.key" as never)).toBe("no.such.key");
  });

  it("translate the shell in each language, with interpolation and no HTML escaping (React escapes)", async () => {
    expect((await createI18n("ar")).t("nav.home")).toBe("الرئيسية");
    expect((await createI18n("en")).t("nav.home")).toBe("Home");
    expect((await createI18n("fr")).t("footer.rights", { year: 2026, shopName: "L'atelier <A&B>" })).toBe(
      "© 2026 L'atelier <A&B>. Tous droits réservés.",
    );
  });

  it("use Arabic plural forms", async () => {
    const i18n = await createI18n("ar");
    expect(i18n.t("home.productCount", { count: 0 })).toBe("لا توجد منتجات");
    expect(i18n.t("home.productCount", { count: 1 })).toBe("منتج واحد");
    expect(i18n.t("home.productCount", { count: 2 })).toBe("منتجان");
    expect(i18n.t("home.productCount", { count: 5 })).toBe("5 منتجات");
    expect(i18n.t("home.productCount", { count: 11 })).toBe("11 منتجاً");
    expect(i18n.t("home.productCount", { count: 100 })).toBe("100 منتج");
  });

  it("have no empty text in any language", () => {
    for (const dictionary of [ar, en, fr]) {
      const flat = keysOf(dictionary as Tree);
      expect(flat.length).toBe(keysOf(ar as Tree).length);
      for (const key of flat) {
        const value = key.split(".").reduce<unknown>((node, part) => (node as Tree)[part], dictionary);
        expect(String(value).trim(), key).not.toBe("");
      }
    }
  });
});

describe("the translator", () => {
  // Our translator replaces i18next in the browser and on the server (app/i18n/i18n.ts):
  // every key of every language, with and without count, context, values and defaultValue,
  // must give exactly what i18next gives.
  // Thousands of keys through two translators: seconds on a busy machine, and not a timing test.
  it("renders every key as i18next does", async () => {
    for (const [language, dictionary] of [
      ["ar", ar],
      ["en", en],
      ["fr", fr],
    ] as const) {
      const reference = createInstance();
      await reference.init({
        lng: language,
        fallbackLng: false,
        resources: { [language]: { translation: dictionary } },
        interpolation: { escapeValue: false },
        initAsync: false,
      });
      const ours = createTranslator(language, dictionary as typeof ar);
      const keys = keysOf(dictionary as Tree);
      const values: Record<string, string> = {};
      for (const key of keys) {
        const text = key.split(".").reduce<unknown>((node, part) => (node as Tree)[part], dictionary);
        for (const m of String(text).matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)) values[m[1]!] = `<${m[1]}&>`;
      }
      // Plural and context keys also by their stem (`home.productCount`, `errors.notFound`).
      const stems = new Set(keys.flatMap((key) => [key, key.replace(/_[a-z]+$/i, "")]));
      const optionSets = [
        undefined,
        values,
        ...[0, 1, 2, 5, 11, 100].map((count) => ({ ...values, count })),
        { ...values, context: "collection" },
        { ...values, context: "page", count: 3 },
        { defaultValue: "default {{x}}", x: 1 },
      ];
      for (const key of stems) {
        for (const options of optionSets) {
          const expected = reference.t(key as never, options as never);
          expect(ours.t(key as never, options as never), `${language} ${key} ${JSON.stringify(options)}`).toBe(expected);
        }
      }
    }
  }, 30_000);
});
