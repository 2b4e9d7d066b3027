import { createHash } from "node:crypto";
import sharp from "sharp";
import { IMAGE_WIDTHS, imageNameSlug, variantUrl } from "~/lib/images";
import { oneAtATime } from "~/lib/one-at-a-time";
import type { Storage } from "../storage/index.server";

// Images are encoded once each (uploads, the demo seed) and never again from the same input, so
// libvips' operation cache only holds memory (tens of MB, kept by the process afterwards), and
// one worker thread per image is plenty for a shop's uploads while keeping fewer native heaps.
sharp.cache(false);
sharp.concurrency(1);

/** Formats an upload may be in; sharp reads more, but these are what shops and browsers send. */
export const ACCEPTED_IMAGE_FORMATS = ["svg", "png", "jpeg", "webp"] as const;

/**
 * The most pixels a source may declare (decision 0024): above that the header
 * alone refuses it, before any pixel is decoded. A "pixel flood" (a tiny PNG or JPEG header
 * declaring 20000 × 20000) or a large 16-bit PNG would otherwise make sharp allocate hundreds of
 * megabytes or more. Also sharp's `limitInputPixels` on every decode.
 */
export const MAX_INPUT_PIXELS = 25_000_000;

/**
 * Every decode and re-encode of the process, one at a time (decision 0024): simultaneous uploads
 * wait their turn instead of each holding a decoded image in memory at once. Header checks
 * (readSource) do not wait: a refusal stays immediate however busy the queue is.
 */
const decodeOneAtATime = oneAtATime();

/** The input is not an image, or not one in ACCEPTED_IMAGE_FORMATS (or one refused for safety). */
export class UnsupportedImageError extends Error {
  constructor(
    /** The format sharp recognised, when it recognised one. */
    readonly format: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(
      format
        ? `Unsupported image format "${format}": upload ${ACCEPTED_IMAGE_FORMATS.join(", ")}`
        : `Not an image: upload ${ACCEPTED_IMAGE_FORMATS.join(", ")}`,
      options,
    );
    this.name = "UnsupportedImageError";
  }
}

export interface IngestedImage {
  /** Base URL of the variants (see variantUrl), e.g. /uploads/products/kitchen-blender-3f9a2c1d. */
  src: string;
  /** Intrinsic size of the source after auto-orientation: the aspect for width/height attributes. */
  width: number;
  height: number;
  /** The ladder widths written, ascending (IMAGE_WIDTHS). */
  widths: number[];
}

export interface IngestOptions {
  /** A readable name for the key (product slug, original file name); slugified, "image" if nothing is left. */
  name: string;
  /** libwebp effort 0 (fast) – 6 (small); default 4. The demo seed uses less to start fast. */
  effort?: number;
  /** The key prefix (storage folder): "products" by default; "collections" and "pages" for merchandising images. */
  folder?: string;
}

const WEBP_QUALITY = 80;
/** sharp's bounds for the density an SVG is rasterised at. */
const MIN_DENSITY = 1;
const MAX_DENSITY = 100_000;

/**
 * Re-encodes an uploaded image into WebP variants at every IMAGE_WIDTHS width and stores them
 * under `<folder>/<slug>-<first 8 hex of sha256(input)>-<width>.webp` (folder "products" by default). The key changes with the
 * content, so the files can be cached forever. Variants already stored are not encoded again.
 *
 * Raster sources are auto-oriented, stripped of metadata (EXIF, GPS…) and never enlarged (a
 * ladder width above the source's is written at the source's width); SVG is rasterised at each
 * width. Anything but SVG, PNG, JPEG or WebP throws UnsupportedImageError.
 */
export async function ingestImage(storage: Storage, input: Buffer, options: IngestOptions): Promise<IngestedImage> {
  const source = await readSource(input, {});
  const hash = createHash("sha256").update(input).digest("hex").slice(0, 8);
  const baseKey = `${options.folder ?? "products"}/${imageNameSlug(options.name)}-${hash}`;
  const widths = [...IMAGE_WIDTHS];

  const present = await Promise.all(widths.map((width) => storage.exists(variantKey(baseKey, width))));
  await Promise.all(
    widths.map(async (width, index) => {
      if (present[index]) return;
      const webp = await decodeOneAtATime(() => encodeVariant(input, source, width, options.effort ?? 4));
      await storage.put(variantKey(baseKey, width), webp, "image/webp");
    }),
  );

  return { src: storage.publicUrl(baseKey), width: source.width, height: source.height, widths };
}

/** What the browser said about an upload: its file name and Content-Type (never trusted, only compared). */
export interface DeclaredFile {
  name?: string;
  type?: string;
}

/**
 * Checks that `input` is an image in one of ACCEPTED_IMAGE_FORMATS, by its content (sharp reads
 * the magic bytes and header; the file name and the declared type are never trusted), without
 * storing anything. Throws UnsupportedImageError otherwise, and also for:
 * - a declared extension or type that disagrees with the content (an HTML page renamed .png,
 *   a PNG sent as .jpg: a polyglot or a mistake, refused either way);
 * - more than MAX_INPUT_PIXELS pixels (pixel flood), or an SVG whose rasterised variant would be;
 * - an SVG with scripts, event handlers, foreignObject, entities/DTD subsets, style sheets or
 *   any reference outside the file (see unsafeSvgReason).
 */
export async function assertAcceptedImage(input: Buffer, declared: DeclaredFile = {}): Promise<void> {
  await readSource(input, declared);
}

/** File-name extensions and Content-Types each accepted format may be declared with. */
const DECLARATIONS: Record<(typeof ACCEPTED_IMAGE_FORMATS)[number], { extensions: string[]; types: string[] }> = {
  svg: { extensions: ["svg"], types: ["image/svg+xml"] },
  png: { extensions: ["png"], types: ["image/png"] },
  jpeg: { extensions: ["jpg", "jpeg", "jpe", "jfif"], types: ["image/jpeg", "image/jpg", "image/pjpeg"] },
  webp: { extensions: ["webp"], types: ["image/webp"] },
};

/** True when the declared name and type (where given) agree with the format found in the content. */
function declarationMatches(format: (typeof ACCEPTED_IMAGE_FORMATS)[number], declared: DeclaredFile): boolean {
  const expected = DECLARATIONS[format];
  const extension = /\.([^./\\]+)$/.exec(declared.name ?? "")?.[1]?.toLowerCase();
  if (extension !== undefined && !expected.extensions.includes(extension)) return false;
  const type = (declared.type ?? "").split(";")[0]!.trim().toLowerCase();
  // Empty or generic: the browser did not know (no extension); the content decides.
  if (type !== "" && type !== "application/octet-stream" && !expected.types.includes(type)) return false;
  return true;
}

/**
 * Why an SVG is refused, or null when it is plain drawing. SVG is XML that librsvg (inside sharp)
 * parses on the server: only self-contained drawings pass. Deliberately strict (the shop's own
 * demo SVGs use none of this); anything not decodable as plain UTF-8 text is refused too.
 */
export function unsafeSvgReason(input: Buffer): string | null {
  if (input.includes(0)) return "binary or UTF-16 content";
  const text = input.toString("utf8");
  if (text.includes("\uFFFD")) return "not UTF-8";
  const rules: [RegExp, string][] = [
    [/<!ENTITY/i, "entity declaration"],
    [/<!DOCTYPE[^>]*\[/i, "DTD internal subset"],
    [/<\?xml-stylesheet/i, "external style sheet"],
    [/<\s*([a-z][\w.-]*:)?(script|foreignObject|iframe|embed|object|handler|listener|include)\b/i, "active or embedding element"],
    [/[\s"'/]on[a-z]+\s*=/i, "event handler attribute"],
    [/javascript\s*:|vbscript\s*:/i, "script URL"],
    [/@import/i, "style sheet import"],
    [/url\(\s*(?!['"]?#)/i, "url() outside the file"],
    [/\battributeName\s*=\s*["']?\s*(xlink:)?href/i, "animated reference"],
  ];
  for (const [pattern, reason] of rules) if (pattern.test(text)) return reason;
  // Every href (href, xlink:href, src) points inside the file, or is an embedded raster picture.
  for (const match of text.matchAll(/\s(?:[\w.-]+:)?(?:href|src)\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const value = (match[2] ?? match[3] ?? match[4] ?? "").trim();
    if (!value.startsWith("#") && !/^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=\s]*$/i.test(value)) return "external reference";
  }
  return null;
}

/**
 * Removes the stored WebP variants of an image stored at base URL `src` (what ingestImage
 * returned). A URL outside the storage (a static demo file) is left alone. Missing files are
 * not an error. The caller makes sure no other row still shows the same image.
 */
export async function deleteImageVariants(storage: Storage, src: string, widths: readonly number[]): Promise<void> {
  const baseKey = storage.keyOf(src);
  if (!baseKey) return;
  await Promise.all(widths.map((width) => storage.delete(variantKey(baseKey, width))));
}

/** The storage key of one variant; its public URL is variantUrl(publicUrl(baseKey), width). */
export function variantKey(baseKey: string, width: number): string {
  return variantUrl(baseKey, width);
}

interface Source {
  format: (typeof ACCEPTED_IMAGE_FORMATS)[number];
  width: number;
  height: number;
}

/** sharp's options for every decode: never more than MAX_INPUT_PIXELS, never fail silently. */
const SHARP_INPUT = { limitInputPixels: MAX_INPUT_PIXELS } as const;

async function readSource(input: Buffer, declared: DeclaredFile): Promise<Source> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input, SHARP_INPUT).metadata();
  } catch (error) {
    throw new UnsupportedImageError(undefined, { cause: error });
  }
  const format = ACCEPTED_IMAGE_FORMATS.find((accepted) => accepted === metadata.format);
  if (!format) throw new UnsupportedImageError(metadata.format);
  if (!declarationMatches(format, declared)) throw new UnsupportedImageError(format);
  if (format === "svg" && unsafeSvgReason(input) !== null) throw new UnsupportedImageError(format);
  // autoOrient: the size once EXIF orientation is applied (width and height swap for 5–8).
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw new UnsupportedImageError(format);
  if (width * height > MAX_INPUT_PIXELS) throw new UnsupportedImageError(format);
  // An SVG is drawn at each ladder width: a 1 × 100000 one would be a pixel flood when drawn 960 wide.
  const widest = Math.max(...IMAGE_WIDTHS);
  if (format === "svg" && widest * Math.ceil((widest * height) / width) > MAX_INPUT_PIXELS) throw new UnsupportedImageError(format);
  return { format, width, height };
}

function encodeVariant(input: Buffer, source: Source, width: number, effort: number): Promise<Buffer> {
  const webp = { quality: WEBP_QUALITY, effort };
  if (source.format === "svg") {
    // Rasterise at the target width (not at the SVG's own size and then scaled): sharp renders an
    // SVG at `density` dpi, 72 being its nominal size. The resize only rounds to the exact width.
    const density = Math.min(MAX_DENSITY, Math.max(MIN_DENSITY, (72 * width) / source.width));
    return sharp(input, { ...SHARP_INPUT, density })
      .resize({ width })
      .webp(webp)
      .toBuffer();
  }
  // Metadata is dropped by default (sharp keeps none unless asked); colours end up in sRGB.
  return sharp(input, { ...SHARP_INPUT, autoOrient: true })
    .resize({ width, withoutEnlargement: true })
    .webp(webp)
    .toBuffer();
}
