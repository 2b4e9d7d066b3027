import { describe, expect, it } from "vitest";
import {
  DEFAULT_IMAGE_WIDTH,
  IMAGE_WIDTHS,
  defaultImageUrl,
  formatImageWidths,
  imageNameSlug,
  parseImageWidths,
  srcSetFor,
  variantUrl,
} from "./images";

const base = "/uploads/products/kitchen-blender-3f9a2c1d";

describe("the width ladder", () => {
  it("is 320, 640, 960 and its default is 640", () => {
    expect(IMAGE_WIDTHS).toEqual([320, 640, 960]);
    expect(IMAGE_WIDTHS).toContain(DEFAULT_IMAGE_WIDTH);
  });
});

describe("variantUrl", () => {
  it("appends the width and the WebP extension to the base URL", () => {
    expect(variantUrl(base, 640)).toBe(`${base}-640.webp`);
    expect(variantUrl("https://cdn.example/p/x-00000000", 320)).toBe("https://cdn.example/p/x-00000000-320.webp");
  });
});

describe("srcSetFor", () => {
  it("lists every variant with its width descriptor, narrowest first", () => {
    expect(srcSetFor({ src: base, widths: [960, 320, 640] })).toBe(`${base}-320.webp 320w, ${base}-640.webp 640w, ${base}-960.webp 960w`);
  });
  it("is undefined for a plain image", () => {
    expect(srcSetFor({ src: "/images/demo/kitchen-blender.svg", widths: [] })).toBeUndefined();
  });
});

describe("defaultImageUrl", () => {
  it("is the 640 variant when there is one", () => {
    expect(defaultImageUrl({ src: base, widths: [...IMAGE_WIDTHS] })).toBe(`${base}-640.webp`);
  });
  it("is the widest variant below 640, else the narrowest, when 640 is missing", () => {
    expect(defaultImageUrl({ src: base, widths: [320, 960] })).toBe(`${base}-320.webp`);
    expect(defaultImageUrl({ src: base, widths: [1280, 960] })).toBe(`${base}-960.webp`);
  });
  it("is the image itself without variants", () => {
    expect(defaultImageUrl({ src: "/images/demo/a.svg", widths: [] })).toBe("/images/demo/a.svg");
  });
});

describe("parseImageWidths and formatImageWidths", () => {
  it("round-trip the product_images.widths column", () => {
    expect(formatImageWidths(IMAGE_WIDTHS)).toBe("320,640,960");
    expect(parseImageWidths("320,640,960")).toEqual([320, 640, 960]);
    expect(formatImageWidths([])).toBe("");
  });
  it("read '' and null as no variants and skip anything that is not a positive width", () => {
    expect(parseImageWidths("")).toEqual([]);
    expect(parseImageWidths(null)).toEqual([]);
    expect(parseImageWidths(" 320, x,0,-5,640 ")).toEqual([320, 640]);
  });
});

describe("imageNameSlug", () => {
  it("keeps lower-case ASCII letters and digits joined by single hyphens", () => {
    expect(imageNameSlug("kitchen-blender")).toBe("kitchen-blender");
    expect(imageNameSlug("  Robe d'été  N°2 ")).toBe("robe-d-ete-n-2");
    expect(imageNameSlug("IMG_2024.JPG")).toBe("img-2024");
  });
  it("is 'image' when nothing readable is left (an Arabic name)", () => {
    expect(imageNameSlug("خلاط كهربائي")).toBe("image");
    expect(imageNameSlug("")).toBe("image");
  });
  it("is at most 48 characters and never ends with a hyphen", () => {
    const slug = imageNameSlug(`${"a".repeat(47)} b c`);
    expect(slug.length).toBeLessThanOrEqual(48);
    expect(slug.endsWith("-")).toBe(false);
  });
});
