import { mkdtemp, readFile, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, variantUrl } from "~/lib/images";
import { UnsupportedImageError, ingestImage } from "~/server/images/images.server";
import { LocalStorage } from "~/server/storage/storage.server";

let dir: string;
let storage: LocalStorage;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "souq-images-"));
  storage = new LocalStorage(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The stored file behind a public variant URL. */
function fileOf(url: string): string {
  expect(url.startsWith("/uploads/")).toBe(true);
  return join(dir, url.slice("/uploads/".length));
}

async function variantsOf(src: string) {
  return Promise.all(
    IMAGE_WIDTHS.map(async (width) => {
      const file = fileOf(variantUrl(src, width));
      const meta = await sharp(await readFile(file)).metadata();
      return { width, file, meta, mtime: (await stat(file)).mtimeMs };
    }),
  );
}

describe("ingestImage", () => {
  it("rasterises an SVG at every ladder width into WebP, named by slug and content hash", async () => {
    const svg = await readFile("public/images/demo/kitchen-blender.svg");
    const image = await ingestImage(storage, svg, { name: "kitchen-blender" });

    expect(image.src).toMatch(/^\/uploads\/products\/kitchen-blender-[0-9a-f]{8}$/);
    expect(image).toMatchObject({ width: 800, height: 800, widths: [320, 640, 960] });
    for (const { width, meta } of await variantsOf(image.src)) {
      expect(meta.format).toBe("webp");
      // Rasterised at the width (960 is above the SVG's 800: drawn there, not enlarged from 800).
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(width);
    }
  });

  it("writes a PNG's variants without enlarging it, keeps its aspect and strips its metadata", async () => {
    const png = await sharp({ create: { width: 700, height: 350, channels: 3, background: "#e4572e" } })
      .withExif({ IFD0: { Copyright: "someone", Artist: "a phone" } })
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const image = await ingestImage(storage, png, { name: "Robe d'été.PNG" });

    expect(image.src).toMatch(/^\/uploads\/products\/robe-d-ete-[0-9a-f]{8}$/);
    expect(image).toMatchObject({ width: 700, height: 350, widths: [320, 640, 960] });
    const variants = await variantsOf(image.src);
    expect(variants.map((v) => [v.meta.format, v.meta.width, v.meta.height])).toEqual([
      ["webp", 320, 160],
      ["webp", 640, 320],
      ["webp", 700, 350], // the 960 slot: written, at the source's own width
    ]);
    for (const { meta } of variants) expect(meta.exif).toBeUndefined();
  });

  it("applies EXIF orientation: a portrait photo stored sideways comes out upright", async () => {
    // 300×200 pixels with orientation 6 (rotate 90°): shown as 200 wide, 300 high.
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#00aa55" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const image = await ingestImage(storage, jpeg, { name: "photo" });
    expect(image).toMatchObject({ width: 200, height: 300 });
    const [smallest] = await variantsOf(image.src);
    expect([smallest!.meta.width, smallest!.meta.height, smallest!.meta.orientation]).toEqual([200, 300, undefined]);
  });

  it("does not encode again what is already stored, and changes the URL when the content changes", async () => {
    const svg = await readFile("public/images/demo/kitchen-blender.svg");
    const first = await ingestImage(storage, svg, { name: "kitchen-blender" });
    const before = await variantsOf(first.src);
    await new Promise((resolve) => setTimeout(resolve, 20));

    const again = await ingestImage(storage, svg, { name: "kitchen-blender" });
    expect(again).toEqual(first);
    const after = await variantsOf(again.src);
    expect(after.map((v) => v.mtime)).toEqual(before.map((v) => v.mtime));

    const edited = Buffer.from(svg.toString("utf8").replace("#fff6f2", "#fff6f3"));
    const changed = await ingestImage(storage, edited, { name: "kitchen-blender" });
    expect(changed.src).not.toBe(first.src);
    expect(changed.src.replace(/[0-9a-f]{8}$/, "")).toBe(first.src.replace(/[0-9a-f]{8}$/, ""));
  });

  it("refuses what is not an SVG, PNG, JPEG or WebP with UnsupportedImageError, storing nothing", async () => {
    const filesBefore = await readdir(join(dir, "products"));
    const text = Buffer.from("this is a text file, not a picture\n");
    await expect(ingestImage(storage, text, { name: "notes" })).rejects.toBeInstanceOf(UnsupportedImageError);
    await expect(ingestImage(storage, Buffer.alloc(0), { name: "empty" })).rejects.toBeInstanceOf(UnsupportedImageError);

    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } }).gif().toBuffer();
    const refused = await ingestImage(storage, gif, { name: "anim" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UnsupportedImageError);
    expect((refused as UnsupportedImageError).format).toBe("gif");

    expect(await readdir(join(dir, "products"))).toEqual(filesBefore);
  });
});
