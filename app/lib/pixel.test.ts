import { afterEach, describe, expect, it, vi } from "vitest";
import { disablePixel, initPixel, PIXEL_SCRIPT_URL, pixelContentId, resetPixelForTests, trackPixel } from "./pixel";

function fakeBrowser() {
  const appended: { src: string; async: boolean }[] = [];
  const win: Record<string, unknown> = {};
  vi.stubGlobal("window", win);
  vi.stubGlobal("document", {
    createElement: () => ({ src: "", async: false }),
    head: { appendChild: (el: { src: string; async: boolean }) => appended.push(el) },
  });
  return { win: win as unknown as Window, appended };
}

afterEach(() => {
  resetPixelForTests();
  vi.unstubAllGlobals();
});

describe("trackPixel", () => {
  it("does nothing on the server", () => {
    expect(() => trackPixel("PageView")).not.toThrow();
  });

  it("never installs anything once the pixel is disabled", () => {
    const { win, appended } = fakeBrowser();
    trackPixel("ViewContent", { content_ids: ["p1"], value: 100, currency: "DZD" });
    disablePixel();
    trackPixel("Purchase", { value: 100, currency: "DZD" });
    expect(win.fbq).toBeUndefined();
    expect(appended).toEqual([]);
  });

  it("loads the script once, inits, sends PageView, then the events that waited", () => {
    const { win, appended } = fakeBrowser();
    trackPixel("ViewContent", { content_ids: ["p1"], value: 2500, currency: "DZD" });
    initPixel("123");
    trackPixel("Lead", { value: 2900, currency: "DZD" });
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ src: PIXEL_SCRIPT_URL, async: true });
    expect(win.fbq?.queue).toEqual([
      ["init", "123"],
      ["track", "PageView"],
      ["track", "ViewContent", { content_ids: ["p1"], value: 2500, currency: "DZD" }],
      ["track", "Lead", { value: 2900, currency: "DZD" }],
    ]);
  });
});

describe("pixelContentId", () => {
  it("is a variant's SKU when there is one, else the product's id", () => {
    expect(pixelContentId({ productId: "p1", sku: "CAR-BLUE" })).toBe("CAR-BLUE");
    expect(pixelContentId({ productId: "p1" })).toBe("p1");
    expect(pixelContentId({ productId: "p1", sku: "" })).toBe("p1");
  });
});
