import { describe, expect, it } from "vitest";
import { parseTaxonomyForm } from "./taxonomy";
import { cleanFormText, formText, optionalFormText } from "./form-text";

describe("admin form text", () => {
  it("drops NUL characters (PostgreSQL refuses them) and surrounding blanks, keeping everything else", () => {
    expect(cleanFormText("  Mix\0eur \u200f🍳\0 ")).toBe("Mixeur \u200f🍳");
    expect(formText(10).parse("\0\0")).toBe("");
    expect(formText(10).parse(undefined)).toBe("");
    expect(optionalFormText(10).parse(" \0 ")).toBeNull();
    expect(optionalFormText(10).parse("a\0b")).toBe("ab");
    expect(formText(3).safeParse("abcd").success).toBe(false);
  });

  it("is what the category and section forms store", () => {
    const parsed = parseTaxonomyForm({ key: "kitchen", name: "مطبخ\0", nameEn: "Kit\0chen", nameFr: null }, { requireKey: true });
    expect(parsed).toMatchObject({ ok: true, value: { name: "مطبخ", nameEn: "Kitchen" } });
  });
});
