import { describe, expect, it } from "vitest";
import { localPath } from "./local-path";

describe("localPath", () => {
  it("keeps a path on this site, with its query and fragment", () => {
    expect(localPath("/admin/products?page=2")).toBe("/admin/products?page=2");
    expect(localPath("/")).toBe("/");
    expect(localPath("/search?q=a#top")).toBe("/search?q=a#top");
  });

  it("percent-encodes what a Location header cannot carry as is", () => {
    expect(localPath("/search?q=خلاط")).toBe("/search?q=%D8%AE%D9%84%D8%A7%D8%B7");
    expect(() => new Headers({ Location: localPath("/search?q=خلاط")! })).not.toThrow();
  });

  it("refuses control characters and whitespace (a header cannot carry them)", () => {
    expect(localPath("/\u0001/x")).toBeUndefined();
    expect(localPath("/a\u007fb")).toBeUndefined();
    expect(localPath("/a b")).toBeUndefined();
    expect(localPath("/a\r\nSet-Cookie: x=1")).toBeUndefined();
  });

  it("refuses anything that leaves the site", () => {
    for (const value of ["//evil.example", "/\\evil.example", "/\\/evil.example", "https://evil.example/", "javascript:alert(1)", "evil", ""]) {
      expect(localPath(value), value).toBeUndefined();
    }
  });
});
