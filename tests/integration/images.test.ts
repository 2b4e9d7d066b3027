import { mkdtemp, readFile, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IMAGE_WIDTHS, variantUrl } from "~/lib/images";
import { MAX_INPUT_PIXELS, UnsupportedImageError, assertAcceptedImage, ingestImage, unsafeSvgReason } from "~/server/images/images.server";
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

    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const refused = await ingestImage(storage, gif, { name: "anim" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UnsupportedImageError);
    expect((refused as UnsupportedImageError).format).toBe("gif");

    expect(await readdir(join(dir, "products"))).toEqual(filesBefore);
  });
});

/**
 * Hostile uploads: each is refused by assertAcceptedImage (the admin forms' check,
 * answered with the translated "not an image" message) and by ingestImage, storing nothing.
 */
const smallJpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#808080" } })
  .jpeg()
  .toBuffer();

describe("hostile uploads", () => {
  const cleanSvg = (inner: string, head = "") =>
    Buffer.from(
      `${head}<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100" viewBox="0 0 100 100">${inner}<rect width="100" height="100" fill="#c00"/></svg>`,
    );

  /** A PNG's signature and IHDR chunk (valid CRC) declaring width × height (RGB), then one tiny IDAT and IEND. */
  function pngHeader(width: number, height: number, bitDepth: 8 | 16 = 8): Buffer {
    const crcTable = Array.from({ length: 256 }, (_, n) => {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      return c >>> 0;
    });
    const crc = (bytes: Buffer) => {
      let c = 0xffffffff;
      for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
      return (c ^ 0xffffffff) >>> 0;
    };
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
      const sum = Buffer.alloc(4);
      sum.writeUInt32BE(crc(body));
      return Buffer.concat([length, body, sum]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr.set([bitDepth, 2, 0, 0, 0], 8); // RGB, 8 or 16 bits per channel
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
      chunk("IEND", Buffer.alloc(0)),
    ]);
  }

  /** A real 8 × 8 JPEG (a few hundred bytes) whose SOF0 header is rewritten to declare width × height. */
  function jpegHeader(width: number, height: number): Buffer {
    const jpeg = Buffer.from(smallJpeg);
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(height, sof + 5);
    jpeg.writeUInt16BE(width, sof + 7);
    return jpeg;
  }

  const hostile: [string, Buffer, { name?: string; type?: string }][] = [
    [
      "an HTML page renamed .png",
      Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>"),
      { name: "cat.png", type: "image/png" },
    ],
    ["an SVG with <script>", cleanSvg("<script>alert(1)</script>"), { name: "a.svg" }],
    ["an SVG with <script> renamed .png", cleanSvg("<script>alert(1)</script>"), { name: "a.png", type: "image/png" }],
    [
      "an SVG with onload=",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><rect width="10" height="10"/></svg>'),
      { name: "a.svg" },
    ],
    ["an SVG with an event handler on a shape", cleanSvg('<circle r="4" onclick="alert(1)"/>'), { name: "a.svg" }],
    [
      "an SVG with <foreignObject>",
      cleanSvg(
        '<foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"/></body></foreignObject>',
      ),
      { name: "a.svg" },
    ],
    ["an SVG with a javascript: link", cleanSvg('<a href="javascript:alert(1)"><circle r="4"/></a>'), { name: "a.svg" }],
    ["an SVG with a JaVaScRiPt: xlink:href", cleanSvg('<a xlink:href=" JaVaScRiPt:alert(1)"><circle r="4"/></a>'), { name: "a.svg" }],
    [
      "an SVG with an external <image>",
      cleanSvg('<image href="http://169.254.169.254/latest/meta-data" width="10" height="10"/>'),
      { name: "a.svg" },
    ],
    ["an SVG with an external xlink:href <image>", cleanSvg("<image xlink:href='file:///etc/passwd' width='10' height='10'/>"), { name: "a.svg" }],
    ["an SVG with an external <use>", cleanSvg('<use href="https://evil.example/sprite.svg#x"/>'), { name: "a.svg" }],
    ["an SVG with an external url() fill", cleanSvg('<rect width="5" height="5" fill="url(https://evil.example/x.svg#g)"/>'), { name: "a.svg" }],
    ["an SVG with a style sheet @import", cleanSvg('<style>@import url("https://evil.example/x.css");</style>'), { name: "a.svg" }],
    [
      "an SVG with an XXE entity",
      cleanSvg("<text>&xxe;</text>", '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'),
      { name: "a.svg" },
    ],
    [
      "an SVG with an entity bomb",
      cleanSvg("<text>&b;</text>", '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'),
      { name: "a.svg" },
    ],
    ["an SVG with an xml-stylesheet", cleanSvg("", '<?xml-stylesheet href="https://evil.example/x.css"?>'), { name: "a.svg" }],
    ["an SVG animating a link to javascript", cleanSvg('<a><set attributeName="href" to="data:text/html,x"/><circle r="4"/></a>'), { name: "a.svg" }],
    ["an SVG in UTF-16", Buffer.from(`\ufeff${cleanSvg("").toString("utf8")}`, "utf16le"), { name: "a.svg" }],
    [
      "a 1 × 100000 SVG (a flood once drawn 960 wide)",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="100000"><rect width="1" height="1"/></svg>'),
      { name: "a.svg" },
    ],
    ["a 20000 × 20000 PNG header (pixel flood)", pngHeader(20_000, 20_000), { name: "flood.png", type: "image/png" }],
    ["a 20000 × 20000 JPEG header (pixel flood)", jpegHeader(20_000, 20_000), { name: "flood.jpg", type: "image/jpeg" }],
  ];

  it.each(hostile)("refuses %s, storing nothing", async (_label, bytes, declared) => {
    const filesBefore = await readdir(join(dir, "products"));
    await expect(assertAcceptedImage(bytes, declared)).rejects.toBeInstanceOf(UnsupportedImageError);
    await expect(ingestImage(storage, bytes, { name: "hostile" })).rejects.toBeInstanceOf(UnsupportedImageError);
    expect(await readdir(join(dir, "products"))).toEqual(filesBefore);
  });

  it("builds the storage key from a sanitised name, whatever the uploaded file was called", async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#345678" } })
      .png()
      .toBuffer();
    for (const name of [
      "../../../etc/passwd",
      "..\\..\\win.ini",
      "%2e%2e%2fx",
      "/abs/path.png",
      "a\u0000b.png",
      ".hidden",
      "<script>.png",
      "صورة.png",
    ]) {
      const image = await ingestImage(storage, png, { name });
      expect(image.src, name).toMatch(/^\/uploads\/products\/[a-z0-9]+(?:-[a-z0-9]+)*-[0-9a-f]{8}$/);
    }
    expect((await readdir(dir)).sort()).toEqual(["products"]);
  });

  it("generates real pixel-flood headers: sharp reads 20000 × 20000 from them", async () => {
    expect(await sharp(pngHeader(20_000, 20_000), { limitInputPixels: false }).metadata()).toMatchObject({
      format: "png",
      width: 20_000,
      height: 20_000,
    });
    expect(await sharp(jpegHeader(20_000, 20_000), { limitInputPixels: false }).metadata()).toMatchObject({
      format: "jpeg",
      width: 20_000,
      height: 20_000,
    });
    expect(20_000 * 20_000).toBeGreaterThan(MAX_INPUT_PIXELS);
  });

  it("refuses a 6300 × 6300 16-bit PNG from its header alone, without decoding it", async () => {
    const big = pngHeader(6300, 6300, 16);
    expect(await sharp(big, { limitInputPixels: false }).metadata()).toMatchObject({ format: "png", width: 6300, height: 6300, depth: "ushort" });
    const decodes = vi.spyOn(sharpPrototype, "toBuffer");
    try {
      await expect(assertAcceptedImage(big, { name: "huge.png", type: "image/png" })).rejects.toBeInstanceOf(UnsupportedImageError);
      await expect(ingestImage(storage, big, { name: "huge" })).rejects.toBeInstanceOf(UnsupportedImageError);
      // Refused from the header: the picture was never decoded.
      expect(decodes).not.toHaveBeenCalled();
    } finally {
      decodes.mockRestore();
    }
  });

  it("takes up to MAX_INPUT_PIXELS (25 megapixels), not one pixel more, 16-bit pictures included", async () => {
    expect(MAX_INPUT_PIXELS).toBe(25_000_000);
    await expect(assertAcceptedImage(pngHeader(5000, 5000), { name: "a.png" })).resolves.toBeUndefined();
    await expect(assertAcceptedImage(pngHeader(5000, 5001), { name: "a.png" })).rejects.toBeInstanceOf(UnsupportedImageError);
    await expect(assertAcceptedImage(pngHeader(6120, 4080, 16), { name: "a.png" })).resolves.toBeUndefined();
    // sharp's own limit on every decode agrees: it refuses to decode such a header even when asked directly.
    await expect(sharp(pngHeader(5000, 5001), { limitInputPixels: MAX_INPUT_PIXELS }).webp().toBuffer()).rejects.toThrow(/pixel limit/i);
    // A real 16-bit PNG within the limit goes through.
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2266aa" } })
      .toColourspace("rgb16")
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).depth).toBe("ushort");
    const image = await ingestImage(storage, png, { name: "sixteen-bit" });
    expect(image).toMatchObject({ width: 64, height: 48 });
  });

  it("refuses a file whose declared extension or type disagrees with its content", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#123456" } })
      .jpeg()
      .toBuffer();
    for (const declared of [
      { name: "photo.jpg", type: "image/jpeg" },
      { name: "photo.png", type: "image/jpeg" },
      { name: "photo.svg" },
      { name: "photo.html", type: "text/html" },
      { name: "photo.png.exe" },
      { name: "photo", type: "image/webp" },
    ]) {
      await expect(assertAcceptedImage(png, declared), JSON.stringify(declared)).rejects.toBeInstanceOf(UnsupportedImageError);
    }
    // Agreeing (in any case), or not declared at all: accepted.
    await expect(assertAcceptedImage(png, { name: "PHOTO.PNG", type: "image/png" })).resolves.toBeUndefined();
    await expect(assertAcceptedImage(png, { name: "image", type: "" })).resolves.toBeUndefined();
    await expect(assertAcceptedImage(png, { name: "image", type: "application/octet-stream" })).resolves.toBeUndefined();
    await expect(assertAcceptedImage(jpeg, { name: "IMG_0001.JPEG", type: "image/jpeg" })).resolves.toBeUndefined();
    await expect(assertAcceptedImage(jpeg, { name: "x.jpg", type: "image/pjpeg" })).resolves.toBeUndefined();
  });

  it("keeps accepting the shop's own SVGs (every one under public/), internal references and embedded rasters", async () => {
    const svgs = (await readdir("public", { recursive: true })).filter((file) => file.endsWith(".svg"));
    expect(svgs.length).toBeGreaterThan(50);
    for (const file of svgs) {
      const bytes = await readFile(join("public", file));
      expect(unsafeSvgReason(bytes), file).toBeNull();
      await expect(assertAcceptedImage(bytes, { name: file.split("/").pop(), type: "image/svg+xml" }), file).resolves.toBeUndefined();
    }
    const dot = (
      await sharp({ create: { width: 2, height: 2, channels: 3, background: "#fff" } })
        .png()
        .toBuffer()
    ).toString("base64");
    const inner = cleanSvg(
      `<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><use href="#g"/><rect fill="url(#g)" width="9" height="9"/><image href="data:image/png;base64,${dot}" width="2" height="2"/><text>Salon, Montreal; on sale</text>`,
      '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">',
    );
    expect(unsafeSvgReason(inner)).toBeNull();
    const image = await ingestImage(storage, inner, { name: "clean-svg" });
    expect(image.widths).toEqual([320, 640, 960]);
  });
});

/** sharp's prototype: every encode ends in its toBuffer (a decode of the whole source). */
const sharpPrototype = (sharp as unknown as { prototype: { toBuffer: (...args: unknown[]) => Promise<Buffer> } }).prototype;

describe("decoding one image at a time", () => {
  const distinctPng = (index: number) =>
    sharp({ create: { width: 400 + index, height: 300, channels: 3, background: { r: 10 * index, g: 80, b: 160 } } })
      .png()
      .toBuffer();

  it("never runs two decodes at once, however many uploads arrive together", async () => {
    const inputs = await Promise.all(Array.from({ length: 4 }, (_, index) => distinctPng(index)));
    const original = sharpPrototype.toBuffer;
    let running = 0;
    let peak = 0;
    const decodes = vi.spyOn(sharpPrototype, "toBuffer").mockImplementation(async function (this: unknown, ...args: unknown[]) {
      running++;
      peak = Math.max(peak, running);
      try {
        return await original.apply(this, args);
      } finally {
        running--;
      }
    });
    try {
      const images = await Promise.all(inputs.map((input, index) => ingestImage(storage, input, { name: `together-${index}` })));
      expect(images.map((image) => image.width)).toEqual([400, 401, 402, 403]);
      expect(decodes).toHaveBeenCalledTimes(4 * IMAGE_WIDTHS.length);
      expect(peak).toBe(1);
    } finally {
      decodes.mockRestore();
    }
  });

  it("refuses a pixel flood at once while another upload is being decoded", async () => {
    const input = await distinctPng(9);
    const original = sharpPrototype.toBuffer;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const decodes = vi.spyOn(sharpPrototype, "toBuffer").mockImplementation(async function (this: unknown, ...args: unknown[]) {
      entered();
      await held;
      return original.apply(this, args);
    });
    try {
      const busy = ingestImage(storage, input, { name: "busy" });
      await inside;
      // The queue is held by the upload above: a header refusal does not wait for it.
      const flood = Buffer.from(smallJpeg);
      const sof = flood.indexOf(Buffer.from([0xff, 0xc0]));
      flood.writeUInt16BE(20_000, sof + 5);
      flood.writeUInt16BE(20_000, sof + 7);
      await expect(ingestImage(storage, flood, { name: "flood" })).rejects.toBeInstanceOf(UnsupportedImageError);
      expect(decodes).toHaveBeenCalledTimes(1);
      release();
      expect((await busy).width).toBe(409);
    } finally {
      release();
      decodes.mockRestore();
    }
  });
});
