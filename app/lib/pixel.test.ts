import { afterEach, describe, expect, it, vi } from "vitest";
import { disablePixel, MAX_PENDING, pixelContentId, resetPixelForTests, trackCustomizeProduct, trackPixel } from "./pixel";
import { initPixel, PIXEL_SCRIPT_URL, PIXEL_WAIT_MS, resetPixelLoaderForTests } from "./pixel-loader";

type FakeScript = { src: string; async: boolean; listeners: Record<string, () => void> };

/**
 * A browser without the network: the pixel's script element is only recorded; `load()` plays
 * what Meta's script does when it runs (it takes over the stub: calls then go to `sent`) and
 * fires the element's load event, `fail()` its error event.
 */
function fakeBrowser() {
  const appended: FakeScript[] = [];
  const win: Record<string, unknown> = {};
  vi.stubGlobal("window", win);
  vi.stubGlobal("document", {
    createElement: (): FakeScript => {
      const listeners: Record<string, () => void> = {};
      return {
        src: "",
        async: false,
        listeners,
        addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
      } as FakeScript;
    },
    head: { appendChild: (el: FakeScript) => appended.push(el) },
  });
  const sent: unknown[][] = [];
  const fbq = () => (win as unknown as Window).fbq!;
  return {
    win: win as unknown as Window,
    appended,
    sent,
    load() {
      sent.push(...fbq().queue!.splice(0));
      fbq().callMethod = (...args: unknown[]) => sent.push(args);
      appended[0]!.listeners.load!();
    },
    fail: () => appended[0]!.listeners.error!(),
  };
}

afterEach(() => {
  resetPixelForTests();
  resetPixelLoaderForTests();
  vi.unstubAllGlobals();
  vi.useRealTimers();
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

  it("loads the script once; init, PageView and every event fired before it ran arrive in order once it runs", () => {
    const { win, appended, sent, load } = fakeBrowser();
    trackPixel("ViewContent", { content_ids: ["p1"], value: 2500, currency: "DZD" });
    initPixel("123");
    trackPixel("CustomizeProduct", { content_ids: ["p1"], value: 2500, currency: "DZD" });
    trackPixel("Lead", { value: 2900, currency: "DZD" });
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ src: PIXEL_SCRIPT_URL, async: true });
    // The stub holds only `init` for the script: the events wait here.
    expect(win.fbq?.queue).toEqual([["init", "123"]]);
    load();
    expect(sent).toEqual([
      ["init", "123"],
      ["track", "PageView"],
      ["track", "ViewContent", { content_ids: ["p1"], value: 2500, currency: "DZD" }],
      ["track", "CustomizeProduct", { content_ids: ["p1"], value: 2500, currency: "DZD" }],
      ["track", "Lead", { value: 2900, currency: "DZD" }],
    ]);
    trackPixel("Schedule");
    expect(sent.at(-1)).toEqual(["track", "Schedule"]);
    expect(appended).toHaveLength(1);
  });

  describe("waiting for the script", () => {
    it("keeps the events for up to 5 s: a script that runs at 4.9 s gets them all", () => {
      vi.useFakeTimers();
      const { sent, load } = fakeBrowser();
      initPixel("123");
      trackPixel("Schedule");
      vi.advanceTimersByTime(PIXEL_WAIT_MS - 100);
      load();
      expect(sent).toEqual([
        ["init", "123"],
        ["track", "PageView"],
        ["track", "Schedule"],
      ]);
    });

    it("drops them after 5 s without the script, and drops later ones until it runs; then sends again", () => {
      vi.useFakeTimers();
      const { sent, load } = fakeBrowser();
      initPixel("123");
      trackPixel("ViewContent", { content_name: "contact" });
      vi.advanceTimersByTime(PIXEL_WAIT_MS);
      trackPixel("Schedule");
      load();
      expect(sent).toEqual([["init", "123"]]);
      trackPixel("Lead", { value: 1, currency: "DZD" });
      expect(sent.at(-1)).toEqual(["track", "Lead", { value: 1, currency: "DZD" }]);
    });

    it("drops them at once when the script fails to load (blocked)", () => {
      vi.useFakeTimers();
      const { win, sent, fail } = fakeBrowser();
      initPixel("123");
      trackPixel("Schedule");
      fail();
      trackPixel("Lead");
      vi.advanceTimersByTime(PIXEL_WAIT_MS * 2);
      expect(sent).toEqual([]);
      expect(win.fbq?.queue).toEqual([["init", "123"]]);
    });

    it("keeps at most MAX_PENDING events, the first ones, sent after the PageView", () => {
      const { sent, load } = fakeBrowser();
      for (let i = 0; i < MAX_PENDING + 10; i++) trackPixel("CustomizeProduct", { value: i, currency: "DZD" });
      initPixel("123");
      load();
      const tracked = sent.filter(([call]) => call === "track");
      expect(tracked).toHaveLength(MAX_PENDING + 1);
      expect(tracked[0]).toEqual(["track", "PageView"]);
      expect(tracked[1]).toEqual(["track", "CustomizeProduct", { value: 0, currency: "DZD" }]);
    });

    it("sends at once to a pixel the page already has", () => {
      const { win, appended } = fakeBrowser();
      const calls: unknown[][] = [];
      win.fbq = Object.assign((...args: unknown[]) => calls.push(args), {});
      initPixel("123");
      trackPixel("Schedule");
      expect(appended).toEqual([]);
      expect(calls).toEqual([
        ["init", "123"],
        ["track", "PageView"],
        ["track", "Schedule"],
      ]);
    });
  });
});

describe("trackCustomizeProduct", () => {
  it("names the variant by SKU, the quantity, and the value in dinars", () => {
    const { sent, load } = fakeBrowser();
    initPixel("123");
    load();
    trackCustomizeProduct({ productId: "p1", sku: "CAR-BLUE", quantity: 3, value: 7500 });
    expect(sent.at(-1)).toEqual([
      "track",
      "CustomizeProduct",
      { content_ids: ["CAR-BLUE"], content_type: "product", contents: [{ id: "CAR-BLUE", quantity: 3 }], value: 7500, currency: "DZD" },
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
