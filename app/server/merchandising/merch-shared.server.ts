import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import { formatImageWidths, imageNameSlug, parseImageWidths } from "~/lib/images";
import { textIn, type Translations } from "~/lib/merchant-texts";
import {
  listedProducts,
  MERCH_LIMITS,
  normalizeProductIds,
  variantFieldName,
  type ListedProduct,
  type PickerProduct,
  type PickerVariant,
} from "~/lib/merchandising";
import { variantLabel } from "~/lib/variants";
import type { MerchErrorKey } from "~/lib/merchandising.schema";
import type { ProductImageData } from "~/lib/product";
import { existingProductIds, pickerProductsByIds, variantsForOrder } from "../catalog/index.server";
import { checkUploads, deleteImageVariants, type IngestedImage, ingestImage, type UploadedFile } from "../images/index.server";
import type { Storage } from "../storage/index.server";
import type { Database } from "../db/database.server";
import { logger } from "../logger.server";
import { isUniqueViolation } from "../platform/index.server";
import { replaceProductList, selectActiveVariantIds } from "./product-lists.repo.server";

/** Helpers shared by the collection, custom page and page section services. */

export type Refusal = { ok: false; status: 400 | 404 | 409 | 413 | 422 | 500; error: MerchErrorKey; field?: string };

export function refuse(status: Refusal["status"], error: MerchErrorKey, field?: string): Refusal {
  return field ? { ok: false, status, error, field } : { ok: false, status, error };
}

/**
 * A posted product selection as the server keeps it (normalizeProductIds), each with its posted
 * variant (listedProducts), refused when it holds more than MERCH_LIMITS.products distinct ids
 * (tooLong), an id no product has (unknownProducts) or a variant that is not an active variant of
 * its product (unknownVariant, on that product's variant field).
 */
export async function checkProductList(
  db: Kysely<Database>,
  raw: readonly string[],
  postedVariant: (field: string) => unknown = () => null,
): Promise<{ ok: true; entries: ListedProduct[] } | Refusal> {
  const distinct = new Set(raw.map((id) => (typeof id === "string" ? id.trim() : "")).filter(Boolean));
  if (distinct.size > MERCH_LIMITS.products) return refuse(422, "tooLong", "productIds");
  const entries = listedProducts(normalizeProductIds(raw), postedVariant);
  const ids = entries.map((entry) => entry.productId);
  const variantIds = entries.flatMap((entry) => (entry.variantId === null ? [] : [entry.variantId]));
  const [known, { variants }] = await Promise.all([
    existingProductIds(db, ids),
    variantIds.length > 0 ? variantsForOrder(db, [], variantIds) : { variants: new Map<number, never>() },
  ]);
  if (ids.some((id) => !known.has(id))) return refuse(422, "unknownProducts", "productIds");
  for (const entry of entries) {
    if (entry.variantId === null) continue;
    const variant = variants.get(entry.variantId);
    if (!variant || variant.productId !== entry.productId || !variant.active) {
      return refuse(422, "unknownVariant", variantFieldName(entry.productId));
    }
  }
  return { ok: true, entries };
}

/**
 * Picker products with the active variants a list may point at (labelled in each admin
 * language) and the variant each one points at now (`chosen`; one no longer offered reads as none).
 */
export async function withPickerVariants(
  db: Kysely<Database>,
  products: PickerProduct[],
  chosen: ReadonlyMap<string, number | null> = new Map(),
): Promise<PickerProduct[]> {
  if (products.length === 0) return products;
  const rows = await selectActiveVariantIds(
    db,
    products.map((product) => product.id),
  );
  if (rows.length === 0) return products;
  const { variants, options } = await variantsForOrder(
    db,
    [...new Set(rows.map((row) => row.product_id))],
    rows.map((row) => row.id),
  );
  const offered = new Map<string, PickerVariant[]>();
  for (const row of rows) {
    const variant = variants.get(row.id);
    if (!variant) continue;
    const ofProduct = options.get(row.product_id) ?? [];
    const labels = {
      ar: variantLabel(ofProduct, variant, "ar"),
      en: variantLabel(ofProduct, variant, "en"),
      fr: variantLabel(ofProduct, variant, "fr"),
    };
    offered.set(row.product_id, [...(offered.get(row.product_id) ?? []), { id: row.id, labels }]);
  }
  return products.map((product) => {
    const choices = offered.get(product.id);
    if (!choices) return product;
    const wanted = chosen.get(product.id) ?? null;
    return { ...product, variants: choices, variantId: choices.some((choice) => choice.id === wanted) ? wanted : null };
  });
}

/** The picker rows of a list (its products in order, the variants offered and chosen). */
export async function pickerSelection(db: Kysely<Database>, entries: readonly ListedProduct[]): Promise<PickerProduct[]> {
  const products = await pickerProductsByIds(
    db,
    entries.map((entry) => entry.productId),
  );
  return withPickerVariants(db, products, new Map(entries.map((entry) => [entry.productId, entry.variantId])));
}

/** The picker rows of a refused form's posted selection, as it was posted. */
export function postedPickerSelection(db: Kysely<Database>, productIds: readonly string[], variants: Readonly<Record<string, string>>) {
  return pickerSelection(
    db,
    listedProducts(normalizeProductIds(productIds), (field) => variants[field]),
  );
}

// ---------------------------------------------------------------------------------------------
// Texts in three languages: a column and its `_en` and `_fr` twins

/** A row holding the text column `Column` with its English and French twins. */
export type TranslatedColumns<Column extends string> = { [Key in Column | `${Column}_en` | `${Column}_fr`]: string | null };

/** The translations of a row's text column. */
export function translationsOf<Column extends string>(row: TranslatedColumns<Column>, column: Column): Translations {
  return { en: row[`${column}_en`], fr: row[`${column}_fr`] };
}

/** A row's text column in `language`, the Arabic column when that language has none. */
export function columnIn<Column extends string>(row: TranslatedColumns<Column> & Record<Column, string>, column: Column, language: Language): string;
export function columnIn<Column extends string>(row: TranslatedColumns<Column>, column: Column, language: Language): string | null;
export function columnIn<Column extends string>(row: TranslatedColumns<Column>, column: Column, language: Language): string | null {
  return textIn(row[column], translationsOf(row, column), language);
}

// ---------------------------------------------------------------------------------------------
// Images (a collection's banner, a page's hero): four nullable columns

export interface StoredImageColumns {
  url: string | null;
  width: number | null;
  height: number | null;
  widths: string | null;
}

export function toMerchImage(columns: StoredImageColumns, alt: string): ProductImageData | null {
  if (!columns.url || !columns.width || !columns.height) return null;
  return { src: columns.url, width: columns.width, height: columns.height, alt, widths: parseImageWidths(columns.widths) };
}

export function imageColumnsOf(image: IngestedImage | null): StoredImageColumns {
  return image
    ? { url: image.src, width: image.width, height: image.height, widths: formatImageWidths(image.widths) }
    : { url: null, width: null, height: null, widths: null };
}

/** Checks one uploaded file (5 MB, an image by its content) before anything is written. */
export async function checkImageUpload(file: UploadedFile | null): Promise<Refusal | null> {
  if (!file) return null;
  const problem = await checkUploads([file]);
  if (!problem) return null;
  if (problem.error === "tooLarge") return refuse(413, "tooLarge", "image");
  if (problem.error === "notImage") return refuse(422, "notImage", "image");
  return refuse(422, "uploadFailed", "image");
}

/** Stores a checked upload under `folder` as WebP variants; null when it could not be stored. */
export async function storeImage(storage: Storage, file: UploadedFile, name: string, folder: "collections" | "pages"): Promise<IngestedImage | null> {
  try {
    return await ingestImage(storage, file.bytes, { name: imageNameSlug(name) === "image" ? file.name : name, folder });
  } catch (error) {
    logger.error({ err: error, file: file.name }, "merchandising image upload failed");
    return null;
  }
}

async function countImageUses(db: Kysely<Database>, src: string): Promise<number> {
  // Product images too: a row may point at a product's picture (set by hand or by an import).
  const [collections, pages, products] = await Promise.all([
    db
      .selectFrom("collections")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("banner_url", "=", src)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("custom_pages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("hero_url", "=", src)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("product_images")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("url", "=", src)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(collections.n) + Number(pages.n) + Number(products.n);
}

/** Removes the variants of images no collection, page or product image row shows any more. Never throws. */
export async function removeUnusedImages(
  db: Kysely<Database>,
  storage: Storage,
  images: readonly ({ src: string; widths: readonly number[] } | null)[],
): Promise<void> {
  for (const image of images) {
    if (!image) continue;
    try {
      if ((await countImageUses(db, image.src)) > 0) continue;
      await deleteImageVariants(storage, image.src, image.widths);
    } catch (error) {
      logger.error({ err: error, src: image.src }, "could not remove a merchandising image's files");
    }
  }
}

/** The files of stored image columns, for removeUnusedImages. */
export function imageFiles(columns: StoredImageColumns | undefined): { src: string; widths: number[] } | null {
  return columns?.url ? { src: columns.url, widths: parseImageWidths(columns.widths) } : null;
}

// ---------------------------------------------------------------------------------------------
// Saving a collection or a custom page (same steps, different table)

export interface ImagedSave {
  id: number | null;
  slug: string;
  /** The image's readable name (its slug) for the storage key. */
  imageName: string;
  products: ListedProduct[];
  image: UploadedFile | null;
  removeImage: boolean;
  folder: "collections" | "pages";
  listKind: "collection" | "page";
  slugOwner(db: Kysely<Database>, slug: string): Promise<number | undefined>;
  /** The row's current image columns, or undefined when there is no row with that id. */
  currentImage(db: Kysely<Database>, id: number): Promise<StoredImageColumns | undefined>;
  /**
   * Inserts (id null) or updates the row, inside the transaction, with these image columns
   * (undefined: keep the stored ones). Returns the row's id, or null when the row is gone.
   */
  writeRow(trx: Kysely<Database>, id: number | null, image: StoredImageColumns | undefined): Promise<number | null>;
}

/**
 * The common save of a collection or a custom page, once its fields are parsed and its product
 * list checked: 404 for an unknown id, slugTaken, the image checked before anything is written,
 * then the row and its product list in one transaction. A refused or failed save stores nothing
 * and removes the image it had stored; a replaced or removed image's files go when no row shows them.
 */
export async function saveImaged(
  db: Kysely<Database>,
  storage: Storage,
  save: ImagedSave,
): Promise<{ ok: true; id: number; created: boolean } | Refusal> {
  const [previous, owner] = await Promise.all([
    save.id === null ? Promise.resolve(undefined) : save.currentImage(db, save.id),
    save.slugOwner(db, save.slug),
  ]);
  if (save.id !== null && previous === undefined) return refuse(404, "notFound");
  if (owner !== undefined && owner !== save.id) return refuse(409, "slugTaken", "slug");

  const imageProblem = await checkImageUpload(save.image);
  if (imageProblem) return imageProblem;
  let stored: IngestedImage | null = null;
  if (save.image) {
    stored = await storeImage(storage, save.image, save.imageName, save.folder);
    if (!stored) return refuse(500, "uploadFailed", "image");
  }
  const nextImage = stored ? imageColumnsOf(stored) : save.removeImage ? imageColumnsOf(null) : undefined;
  const storedFiles = stored ? [{ src: stored.src, widths: stored.widths }] : [];

  try {
    const result = await db.transaction().execute(async (trx) => {
      // Read again inside the transaction: the image this save replaces is the one stored now.
      const before = save.id === null ? undefined : await save.currentImage(trx, save.id);
      if (save.id !== null && before === undefined) return null;
      const id = await save.writeRow(trx, save.id, nextImage);
      if (id === null) return null;
      await replaceProductList(trx, save.listKind, id, save.products);
      return { id, before };
    });
    if (!result) {
      await removeUnusedImages(db, storage, storedFiles);
      return refuse(404, "notFound");
    }
    if (nextImage !== undefined && result.before?.url && result.before.url !== nextImage.url) {
      await removeUnusedImages(db, storage, [imageFiles(result.before)]);
    }
    return { ok: true, id: result.id, created: save.id === null };
  } catch (error) {
    await removeUnusedImages(db, storage, storedFiles);
    // Two saves with one slug at once: the unique index refused the second.
    if (isUniqueViolation(error)) {
      const takenBy = await save.slugOwner(db, save.slug).catch(() => undefined);
      if (takenBy !== undefined && takenBy !== save.id) return refuse(409, "slugTaken", "slug");
    }
    logger.error({ err: error, id: save.id, folder: save.folder }, "saving a merchandising row failed");
    return refuse(500, "saveFailed");
  }
}
