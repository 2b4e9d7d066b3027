import { describe, expect, it } from "vitest";
import { clampZoom, magnifierPosition, pinchZoom, stepZoom } from "./zoom";

describe("viewer zoom", () => {
  it("steps by 0.5 with the buttons, between 1x and 3x", () => {
    expect(stepZoom(1, 1)).toBe(1.5);
    expect(stepZoom(2.5, 1)).toBe(3);
    expect(stepZoom(3, 1)).toBe(3);
    expect(stepZoom(1.5, -1)).toBe(1);
    expect(stepZoom(1, -1)).toBe(1);
  });

  it("pinches by 0.01 per pixel of finger distance", () => {
    expect(pinchZoom(1, 50)).toBe(1.5);
    expect(pinchZoom(2, -30)).toBe(1.7);
    expect(pinchZoom(2.9, 500)).toBe(3);
    expect(pinchZoom(1.2, -500)).toBe(1);
  });

  it("never leaves the range, whatever it is given", () => {
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(clampZoom(Infinity)).toBe(1);
    expect(clampZoom(0)).toBe(1);
  });
});

describe("magnifierPosition", () => {
  it("is the cursor's place in the image, in percent, clamped", () => {
    const box = { left: 100, top: 50, width: 400, height: 200 };
    expect(magnifierPosition({ x: 300, y: 150 }, box)).toEqual({ x: 50, y: 50 });
    expect(magnifierPosition({ x: 90, y: 300 }, box)).toEqual({ x: 0, y: 100 });
  });
});
