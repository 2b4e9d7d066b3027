import { describe, expect, it } from "vitest";
import {
  conversionRate,
  facebookShareUrl,
  formatRate,
  generateLinkCode,
  LINK_CODE_PATTERN,
  normalizeLinkCode,
  parseQrFile,
  trackedUrl,
  whatsappShareUrl,
} from "./tracking";

describe("link codes", () => {
  it("are 8 uppercase letters or digits", () => {
    for (let i = 0; i < 1000; i++) expect(generateLinkCode()).toMatch(LINK_CODE_PATTERN);
  });

  it("skip the bytes that would favour some symbols, so every symbol is equally likely", () => {
    // 252..255 would map onto A..D a fifth time: they are drawn again.
    const bytes = [252, 253, 254, 255, 0, 1, 35, 36, 71, 251, 10, 11, 12, 13, 14, 15];
    const code = generateLinkCode((buffer) => {
      buffer.set(bytes.slice(0, buffer.length));
      return buffer;
    });
    expect(code).toBe("AB9A99KL");
  });

  it("come from the random source (no two alike over 10,000 draws)", () => {
    const codes = new Set(Array.from({ length: 10_000 }, () => generateLinkCode()));
    expect(codes.size).toBe(10_000);
  });

  it("are read from a URL in any case, and refused when malformed", () => {
    expect(normalizeLinkCode(" ab12cd34 ")).toBe("AB12CD34");
    expect(normalizeLinkCode("AB12CD3")).toBeNull();
    expect(normalizeLinkCode("AB12CD34X")).toBeNull();
    expect(normalizeLinkCode("AB12-D34")).toBeNull();
    expect(normalizeLinkCode(["AB12CD34"])).toBeNull();
  });
});

describe("tracked URLs", () => {
  it("carry ref and the non-empty utm parameters on the target's public URL", () => {
    expect(trackedUrl("https://souq.dz", "/products/lamp", "AB12CD34", { source: "whatsapp", medium: "social", campaign: "" })).toBe(
      "https://souq.dz/products/lamp?ref=AB12CD34&utm_source=whatsapp&utm_medium=social",
    );
    expect(trackedUrl("http://localhost:3000", "/collections/%D8%B9%D8%B1%D9%88%D8%B6", "ZZZZ9999")).toBe(
      "http://localhost:3000/collections/%D8%B9%D8%B1%D9%88%D8%B6?ref=ZZZZ9999",
    );
  });

  it("share to WhatsApp with title, short description and link, encoded", () => {
    const url = whatsappShareUrl({ title: "مصباح", description: "ضوء دافئ & هادئ", url: "https://souq.dz/p?ref=A" });
    expect(url.startsWith("https://wa.me/?text=")).toBe(true);
    expect(decodeURIComponent(url.slice("https://wa.me/?text=".length))).toBe("مصباح\nضوء دافئ & هادئ\nhttps://souq.dz/p?ref=A");
    const long = whatsappShareUrl({ title: "t", description: "x".repeat(300), url: "u" });
    expect(decodeURIComponent(long).length).toBeLessThan(200);
  });

  it("share to Facebook through the sharer with the encoded link", () => {
    expect(facebookShareUrl("https://souq.dz/p?ref=A&x=1")).toBe(
      "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fsouq.dz%2Fp%3Fref%3DA%26x%3D1",
    );
  });
});

describe("conversion rate", () => {
  it("is conversions over clicks times 100 with one decimal, 0 without clicks", () => {
    expect(conversionRate(1, 1)).toBe(100);
    expect(conversionRate(3, 1)).toBe(33.3);
    expect(conversionRate(8, 1)).toBe(12.5);
    expect(conversionRate(0, 0)).toBe(0);
    expect(formatRate(100)).toBe("100.0%");
    expect(formatRate(33.3)).toBe("33.3%");
  });
});

describe("parseQrFile", () => {
  it("reads CODE.svg and CODE.png, upper-casing the code", () => {
    expect(parseQrFile("ABCD1234.svg")).toEqual({ code: "ABCD1234", format: "svg" });
    expect(parseQrFile("abcd1234.png")).toEqual({ code: "ABCD1234", format: "png" });
  });

  it("refuses anything else", () => {
    for (const file of [
      undefined,
      "",
      "ABCD1234",
      "ABCD1234.gif",
      "ABCD123.svg",
      "ABCD12345.svg",
      "../ABCD1234.svg",
      "ABCD1234.svg.png",
      "ABCD-234.svg",
    ]) {
      expect(parseQrFile(file)).toBeNull();
    }
  });
});
