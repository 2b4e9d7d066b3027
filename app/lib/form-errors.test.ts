import { describe, expect, it } from "vitest";
import { hasFieldErrors } from "./form-errors";

describe("hasFieldErrors", () => {
  it("is true when at least one field has a text", () => {
    expect(hasFieldErrors({ phone: "أدخل رقم هاتف", firstName: undefined })).toBe(true);
    expect(hasFieldErrors("productIds")).toBe(true);
  });

  it("is false for no answer, no fields, or fields without a text", () => {
    expect(hasFieldErrors(undefined)).toBe(false);
    expect(hasFieldErrors(null)).toBe(false);
    expect(hasFieldErrors({})).toBe(false);
    expect(hasFieldErrors({ phone: "", wilaya: undefined, commune: null })).toBe(false);
    expect(hasFieldErrors("")).toBe(false);
  });
});
