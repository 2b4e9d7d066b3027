import { describe, expect, it } from "vitest";
import { etagMatches, parseQrFile } from "./qr-route.server";

describe("parseQrFile", () => {
  it("reads CODE.svg and CODE.png, upper-casing the code", () => {
    expect(parseQrFile("ABCD1234.svg")).toEqual({ code: "ABCD1234", format: "svg" });
    expect(parseQrFile("abcd1234.png")).toEqual({ code: "ABCD1234", format: "png" });
  });

  it("refuses anything else", () => {
    for (const file of [undefined, "", "ABCD1234", "ABCD1234.gif", "ABCD123.svg", "ABCD12345.svg", "../ABCD1234.svg", "ABCD1234.svg.png", "ABCD-234.svg"]) {
      expect(parseQrFile(file)).toBeNull();
    }
  });
});

describe("etagMatches", () => {
  it("matches the tag, a weak form of it, one of a list, or *", () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches("*", '"abc"')).toBe(true);
    expect(etagMatches(null, '"abc"')).toBe(false);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
  });
});
