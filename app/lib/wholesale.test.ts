import { describe, expect, it } from "vitest";
import ar from "~/i18n/ar";
import en from "~/i18n/en";
import fr from "~/i18n/fr";
import {
  joinWholesaleCategories,
  MAX_BUSINESS_NAME_LENGTH,
  MAX_MESSAGE_LENGTH,
  splitWholesaleCategories,
  validateWholesaleEnquiry,
  wholesaleEnquirySchema,
  wholesaleHoneypotFilled,
  WHOLESALE_CATEGORIES,
  WHOLESALE_FEATURES,
  WHOLESALE_FIELD_CODES,
  WHOLESALE_STATUSES,
} from "./wholesale";
import { parseForm } from "./order-form";

const valid = {
  businessName: "  Sarl El Baraka  ",
  contactName: "كريم منصوري",
  phone: "+213 770 12 34 99",
  wilaya: "31",
  categories: ["perfumery", "toys-games"],
  estimatedQuantity: " 50 cartons ",
  message: "",
};

describe("wholesale categories", () => {
  it("are 10, each with a title, a description and 5 features in every language", () => {
    expect(WHOLESALE_CATEGORIES).toHaveLength(10);
    expect(new Set(WHOLESALE_CATEGORIES).size).toBe(10);
    expect(WHOLESALE_FEATURES).toHaveLength(5);
    for (const dictionary of [ar, en, fr]) {
      const items = dictionary.wholesale.categories.items as Record<string, { title: string; description: string; features: Record<string, string> }>;
      expect(Object.keys(items).sort()).toEqual([...WHOLESALE_CATEGORIES].sort());
      for (const key of WHOLESALE_CATEGORIES) {
        expect(items[key]!.title.trim()).not.toBe("");
        expect(items[key]!.description.trim()).not.toBe("");
        expect(Object.keys(items[key]!.features)).toEqual([...WHOLESALE_FEATURES]);
      }
    }
  });

  it("have a translated error for every field code and a name for every status", () => {
    for (const dictionary of [ar, en, fr]) {
      for (const code of WHOLESALE_FIELD_CODES) expect(dictionary.wholesale.fields[code].trim()).not.toBe("");
      for (const status of WHOLESALE_STATUSES) expect(dictionary.wholesale.admin.status[status].trim()).not.toBe("");
    }
  });

  it("are stored comma-separated and read back known, in display order", () => {
    expect(joinWholesaleCategories(["toys-games", "perfumery"])).toBe("toys-games,perfumery");
    expect(splitWholesaleCategories("perfumery, toys-games,retired-key")).toEqual(["toys-games", "perfumery"]);
    expect(splitWholesaleCategories("")).toEqual([]);
    expect(splitWholesaleCategories(null)).toEqual([]);
  });
});

describe("validateWholesaleEnquiry", () => {
  it("normalises a valid enquiry: trimmed texts, phone 0XXXXXXXXX, categories ordered, blanks absent", () => {
    const result = validateWholesaleEnquiry({ ...valid, price: 1 });
    expect(result).toEqual({
      ok: true,
      data: {
        businessName: "Sarl El Baraka",
        contactName: "كريم منصوري",
        phone: "0770123499",
        wilaya: "31",
        categories: ["toys-games", "perfumery"],
        estimatedQuantity: "50 cartons",
      },
    });
  });

  it("drops duplicated categories and accepts Arabic-Indic digits in the phone", () => {
    const result = validateWholesaleEnquiry({ ...valid, phone: "٠٥٥٠ ١٢ ٣٤ ٥٦", categories: ["jewellery", "jewellery"] });
    expect(result.ok && result.data.phone).toBe("0550123456");
    expect(result.ok && result.data.categories).toEqual(["jewellery"]);
  });

  it("refuses missing fields, each with its code", () => {
    const result = validateWholesaleEnquiry({ businessName: " ", contactName: "", phone: "", wilaya: "", categories: [] });
    expect(result).toEqual({
      ok: false,
      fields: {
        businessName: "required",
        contactName: "required",
        phone: "required",
        wilaya: "required",
        categories: "categories_required",
      },
    });
  });

  it("refuses a non-Algerian mobile, a malformed wilaya, unknown categories and long texts", () => {
    const result = validateWholesaleEnquiry({
      ...valid,
      businessName: "x".repeat(MAX_BUSINESS_NAME_LENGTH + 1),
      contactName: "y".repeat(61),
      phone: "0212345678",
      wilaya: "Oran",
      categories: ["perfumery", "weapons"],
      message: "m".repeat(MAX_MESSAGE_LENGTH + 1),
    });
    expect(result).toEqual({
      ok: false,
      fields: {
        businessName: "too_long",
        contactName: "too_long",
        phone: "invalid_phone",
        wilaya: "invalid_wilaya",
        categories: "invalid_category",
        message: "too_long",
      },
    });
  });

  it("refuses a categories value that is not a list, and a body that is not an object", () => {
    expect(validateWholesaleEnquiry({ ...valid, categories: "perfumery" })).toEqual({ ok: false, fields: { categories: "categories_required" } });
    expect(validateWholesaleEnquiry({ ...valid, categories: Array(51).fill("perfumery") })).toEqual({
      ok: false,
      fields: { categories: "invalid_category" },
    });
    expect(validateWholesaleEnquiry(null)).toEqual({ ok: false, fields: { body: "invalid" } });
  });
});

describe("the honeypot", () => {
  it("is filled by anything but blanks", () => {
    expect(wholesaleHoneypotFilled({ website: "" })).toBe(false);
    expect(wholesaleHoneypotFilled({ website: "   " })).toBe(false);
    expect(wholesaleHoneypotFilled({})).toBe(false);
    expect(wholesaleHoneypotFilled({ website: "http://spam.example" })).toBe(true);
    expect(wholesaleHoneypotFilled({ website: 1 })).toBe(true);
  });
});

describe("the enquiry form's post, parsed with the same schema (Conform)", () => {
  const messages = { field: (code: string) => `field:${code}`, form: "form" };

  it("reads the named fields, every checked category, one category alone, and leaves blank optional fields out", () => {
    const form = new FormData();
    form.set("businessName", "Sarl");
    form.set("contactName", "Karim");
    form.set("phone", "0770123499");
    form.set("wilaya", "16");
    form.append("categories", "perfumery");
    form.append("categories", "jewellery");
    form.set("estimatedQuantity", " ");
    form.set("message", "Bonjour");
    form.set("website", "");
    const submission = parseForm(form, wholesaleEnquirySchema, messages);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      businessName: "Sarl",
      contactName: "Karim",
      phone: "0770123499",
      wilaya: "16",
      categories: ["perfumery", "jewellery"],
      message: "Bonjour",
    });
    form.delete("categories");
    form.set("categories", "perfumery");
    form.set("website", "x");
    const one = parseForm(form, wholesaleEnquirySchema, messages);
    expect(one.status === "success" && one.value).toMatchObject({ categories: ["perfumery"], website: "x" });
  });

  it("refuses with each field's text and the form's message", () => {
    const form = new FormData();
    form.set("businessName", "");
    form.set("phone", "0550");
    const submission = parseForm(form, wholesaleEnquirySchema, messages);
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error).toMatchObject({
      "": ["form"],
      businessName: ["field:required"],
      contactName: ["field:required"],
      phone: ["field:invalid_phone"],
      wilaya: ["field:required"],
      categories: ["field:categories_required"],
    });
  });
});
