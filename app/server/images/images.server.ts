import { createHash } from "node:crypto";
import sharp from "sharp";
import { IMAGE_WIDTHS, imageNameSlug, variantUrl } from "~/lib/images";
import type { Storage } from "../storage/storage.server";

/** Formats an upload may be in; sharp reads more, but these are what shops and browsers send. */
export const ACCEPTED_IMAGE_FORMATS = ["svg", "png", "jpeg", "webp"] as const;

/** The input is not an image, or not one in ACCEPTED_IMAGE_FORMATS. */
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
  const source = await readSource(input);
  const hash = createHash("sha256").update(input).digest("hex").slice(0, 8);
  const baseKey = `${options.folder ?? "products"}/${imageNameSlug(options.name)}-${hash}`;
  const widths = [...IMAGE_WIDTHS];

  const present = await Promise.all(widths.map((width) => storage.exists(variantKey(baseKey, width))));
  await Promise.all(
    widths.map(async (width, index) => {
      if (present[index]) return;
      const webp = await encodeVariant(input, source, width, options.effort ?? 4);
      await storage.put(variantKey(baseKey, width), webp, "image/webp");
    }),
  );

  return { src: storage.publicUrl(baseKey), width: source.width, height: source.height, widths };
}

/**
 * Checks that `input` is an image in one of ACCEPTED_IMAGE_FORMATS, by its content (sharp reads
 * the magic bytes and header; the file name and the declared type are never trusted), without
 * storing anything. Throws UnsupportedImageError otherwise.
 */
export async function assertAcceptedImage(input: Buffer): Promise<void> {
  await readSource(input);
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

async function readSource(input: Buffer): Promise<Source> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch (error) {
    throw new UnsupportedImageError(undefined, { cause: error });
  }
  const format = ACCEPTED_IMAGE_FORMATS.find((accepted) => accepted === metadata.format);
  if (!format) throw new UnsupportedImageError(metadata.format);
  // autoOrient: the size once EXIF orientation is applied (width and height swap for 5–8).
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw new UnsupportedImageError(format);
  return { format, width, height };
}

function encodeVariant(input: Buffer, source: Source, width: number, effort: number): Promise<Buffer> {
  const webp = { quality: WEBP_QUALITY, effort };
  if (source.format === "svg") {
    // Rasterise at the target width (not at the SVG's own size and then scaled): sharp renders an
    // SVG at `density` dpi, 72 being its nominal size. The resize only rounds to the exact width.
    const density = Math.min(MAX_DENSITY, Math.max(MIN_DENSITY, (72 * width) / source.width));
    return sharp(input, { density }).resize({ width }).webp(webp).toBuffer();
  }
  // Metadata is dropped by default (sharp keeps none unless asked); colours end up in sRGB.
  return sharp(input, { autoOrient: true }).resize({ width, withoutEnlargement: true }).webp(webp).toBuffer();
}
