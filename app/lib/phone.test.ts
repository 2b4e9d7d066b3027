import { describe, expect, it } from "vitest";
import { maskPhone, normalizeAlgerianMobile, telHref } from "./phone";

describe("normalizeAlgerianMobile", () => {
  it("accepts 05, 06 and 07 numbers written in every usual way", () => {
    for (const input of [
      "0550123456",
      "055 012 34 56",
      "0550-12-34-56",
      "+213550123456",
      "+213 550 12 34 56",
      "00213550123456",
      "213550123456",
      "+213 0550 12 34 56",
      "(0550) 12.34.56",
    ]) {
      expect(normalizeAlgerianMobile(input), input).toBe("0550123456");
    }
    expect(normalizeAlgerianMobile("0661 00 00 00")).toBe("0661000000");
    expect(normalizeAlgerianMobile("0799999999")).toBe("0799999999");
  });

  it("reads Arabic-Indic and Persian digits", () => {
    expect(normalizeAlgerianMobile("٠٥٥٠١٢٣٤٥٦")).toBe("0550123456");
    expect(normalizeAlgerianMobile("۰۶۶۱۰۰۰۰۰۰")).toBe("0661000000");
  });

  it("refuses landlines, short or long numbers, other countries and text", () => {
    for (const input of [
      "021234567",
      "0210123456",
      "055012345",
      "05501234567",
      "+33612345678",
      "0450123456",
      "abc",
      "",
      "05501234ab",
      "+2135501234567",
    ]) {
      expect(normalizeAlgerianMobile(input), input).toBeNull();
    }
  });
});

describe("telHref", () => {
  it("keeps the digits and a leading plus", () => {
    expect(telHref("0550 00 00 00")).toBe("tel:0550000000");
    expect(telHref(" +213 (550) 12-34-56 ")).toBe("tel:+213550123456");
    expect(telHref("05-50+12")).toBe("tel:055012");
  });
});

describe("maskPhone", () => {
  it("keeps the first 4 and last 2 digits for logs", () => {
    expect(maskPhone("0555123489")).toBe("0555****89");
    expect(maskPhone("0555")).toBe("****");
  });
});
