import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  offerRowsFromOffers,
  pageTargetOf,
  EMPTY_PRODUCT_FORM,
  productIdAt,
  type ProductFormValues,
  type StockFilter,
} from "~/lib/admin-product";
import { parseProductForm, type ProductErrorKey, type ProductFieldName, type ProductFormFields, type ProductInput } from "~/lib/admin-product.schema";
import { formatImageWidths, imageNameSlug, parseImageWidths } from "~/lib/images";
import { stockStatus, type ProductImageData } from "~/lib/product";
import { searchTokens } from "~/lib/search-text";
import type { Database } from "../db/database.server";
import { invalidateReferenceData } from "../reference-cache.server";
import { nowIso, toBool } from "../db/types.server";
import { checkUploads, deleteImageVariants, ingestImage, type ImageError, type IngestedImage, type UploadedFile } from "../images/index.server";
import type { Storage } from "../storage/index.server";
import { logger } from "../logger.server";
import { refreshSearchText } from "./search.repo.server";
import {
  categoryExists,
  countAdminProducts,
  countImageUses,
  deleteImageRow,
  deleteProductRow,
  insertImages,
  insertProduct,
  nextImagePosition,
  productIdExists,
  nextVersionStamp,
  rewriteImagePositions,
  sectionExists,
  selectAdminProduct,
  selectAdminProductPage,
  selectCategoryOptions,
  selectMainImages,
  selectProductImages,
  selectSectionOptions,
  slugOwner,
  touchProduct,
  updateProduct,
  type AdminImageRow,
  type AdminProductRow,
} from "./admin-product.repo.server";
import { localizedName } from "./catalog.service.server";
import { productOffers, saveProductOffers } from "./offers.service.server";
import type { ProductOffer } from "~/lib/offers";
import { variantRowsFromVariants } from "~/lib/admin-product-variants";
import type { ProductVariants } from "~/lib/variants";
import { productImageIds, productVariantsForAdmin, saveProductVariants, VariantsRefused } from "./variants-admin.service.server";

// ---------------------------------------------------------------------------------------------
// Reading

export interface Option {
  value: string;
  label: string;
}

export interface AdminProductListItem {
  id: string;
  slug: string;
  title: string;
  price: number;
  compareAtPrice: number;
  category: Option | null;
  section: Option | null;
  stock: StockFilter;
  stockQuantity: number;
  image: ProductImageData | null;
}

export interface AdminProductListQuery {
  q: string;
  category: string | null;
  sectionId: string | null;
  stock: StockFilter | null;
  page: number;
}

export interface AdminProductList {
  products: AdminProductListItem[];
  total: number;
  page: number;
  pageCount: number;
  categories: Option[];
  sections: Option[];
}

export async function listTaxonomyOptions(db: Kysely<Database>, language: Language): Promise<{ categories: Option[]; sections: Option[] }> {
  const [categories, sections] = await Promise.all([selectCategoryOptions(db), selectSectionOptions(db)]);
  return {
    categories: categories.map((row) => ({ value: row.slug, label: localizedName(row, language) })),
    sections: sections.map((row) => ({ value: row.id, label: localizedName(row, language) })),
  };
}

function toImage(row: AdminImageRow): ProductImageData {
  return { src: row.url, width: row.width, height: row.height, alt: row.alt, widths: parseImageWidths(row.widths) };
}

function stockOf(row: { in_stock: boolean | 0 | 1; stock_quantity: number; low_stock_threshold: number }): StockFilter {
  const status = stockStatus({
    inStock: toBool(row.in_stock),
    stockQuantity: row.stock_quantity,
    lowStockThreshold: row.low_stock_threshold,
  });
  return status === "available" ? "in" : status;
}

/** One page of the admin list with its filters applied, and the options of the filter selects. */
export async function listAdminProducts(db: Kysely<Database>, query: AdminProductListQuery, language: Language): Promise<AdminProductList> {
  const filters = { tokens: searchTokens(query.q), category: query.category, sectionId: query.sectionId, stock: query.stock };
  const page = Math.max(1, Math.trunc(query.page) || 1);
  const limit = ADMIN_PRODUCTS_PAGE_SIZE;
  const [rows, options] = await Promise.all([
    selectAdminProductPage(db, filters, { limit, offset: (page - 1) * limit }),
    listTaxonomyOptions(db, language),
  ]);
  const total = rows.length > 0 ? Number(rows[0]!.total_count) : await countAdminProducts(db, filters);
  const images = await selectMainImages(
    db,
    rows.map((row) => row.id),
  );
  const imageOf = new Map(images.map((image) => [image.product_id, image]));
  const categoryOf = new Map(options.categories.map((option) => [option.value, option]));
  const sectionOf = new Map(options.sections.map((option) => [option.value, option]));
  return {
    products: rows.map((row) => {
      const image = imageOf.get(row.id);
      return {
        id: row.id,
        slug: row.slug,
        title: row.title,
        price: row.price,
        compareAtPrice: row.compare_at_price,
        category: row.category ? (categoryOf.get(row.category) ?? { value: row.category, label: row.category }) : null,
        section: row.section_id ? (sectionOf.get(row.section_id) ?? { value: row.section_id, label: row.section_id }) : null,
        stock: stockOf(row),
        stockQuantity: row.stock_quantity,
        image: image ? toImage(image) : null,
      };
    }),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / limit)),
    ...options,
  };
}

function toFormValues(row: AdminProductRow, offers: ProductOffer[], variants: ProductVariants): ProductFormValues {
  return {
    slug: row.slug,
    title: row.title,
    titleEn: row.title_en ?? "",
    titleFr: row.title_fr ?? "",
    description: row.description,
    descriptionEn: row.description_en ?? "",
    descriptionFr: row.description_fr ?? "",
    price: String(row.price),
    compareAtPrice: String(row.compare_at_price),
    category: row.category ?? "",
    sectionId: row.section_id ?? "",
    inStock: toBool(row.in_stock),
    stockQuantity: String(row.stock_quantity),
    lowStockThreshold: String(row.low_stock_threshold),
    sku: row.sku ?? "",
    target: pageTargetOf({ sectionId: row.section_id, category: row.category }),
    offers: offerRowsFromOffers(offers),
    variants: variantRowsFromVariants(variants),
  };
}

/** What a submitted form showed, to render it again after a refusal (files cannot be given back). */
export function submittedFormValues(fields: ProductFormFields): ProductFormValues {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const values = { ...EMPTY_PRODUCT_FORM };
  for (const key of Object.keys(values) as (keyof ProductFormValues)[]) {
    if (key === "inStock" || key === "offers" || key === "variants") continue;
    (values as Record<string, unknown>)[key] = text(fields[key as keyof ProductFormFields]);
  }
  values.inStock = fields.inStock === "on" || fields.inStock === "true" || fields.inStock === true;
  values.offers = fields.offers ?? values.offers;
  values.variants = fields.variants ?? values.variants;
  return values;
}

export interface AdminProductDetail {
  id: string;
  slug: string;
  title: string;
  values: ProductFormValues;
  images: (ProductImageData & { id: number; position: number })[];
  /** The product's version (its updated_at): the edit form sends it back as expectedUpdatedAt. */
  updatedAt: string;
}

export async function getAdminProduct(db: Kysely<Database>, id: string): Promise<AdminProductDetail | null> {
  const row = await selectAdminProduct(db, id);
  if (!row) return null;
  const [images, offers, variants] = await Promise.all([selectProductImages(db, id), productOffers(db, id), productVariantsForAdmin(db, id)]);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    values: toFormValues(row, offers, variants),
    images: images.map((image) => ({ ...toImage(image), id: image.id, position: image.position })),
    updatedAt: row.updated_at,
  };
}

// ---------------------------------------------------------------------------------------------
// Uploads

/** Removes the variants of images no row shows (an upload undone, a row deleted). Never throws. */
async function removeUnusedImages(db: Kysely<Database>, storage: Storage, images: { src: string; widths: readonly number[] }[]): Promise<void> {
  for (const image of images) {
    try {
      if ((await countImageUses(db, image.src)) > 0) continue;
      await deleteImageVariants(storage, image.src, image.widths);
    } catch (error) {
      logger.error({ err: error, src: image.src }, "could not remove an image's files");
    }
  }
}

/**
 * Re-encodes and stores checked files, in order. When one fails, what this call wrote is
 * removed again (unless another row already shows it) and the failing file is named.
 */
async function storeUploads(
  db: Kysely<Database>,
  storage: Storage,
  files: UploadedFile[],
  name: string,
): Promise<{ ok: true; images: IngestedImage[] } | ({ ok: false } & ImageError)> {
  const stored: IngestedImage[] = [];
  for (const file of files) {
    try {
      stored.push(await ingestImage(storage, file.bytes, { name: imageNameSlug(name) === "image" ? file.name : name }));
    } catch (error) {
      logger.error({ err: error, file: file.name }, "image upload failed");
      await removeUnusedImages(db, storage, stored);
      return { ok: false, error: "uploadFailed", file: file.name };
    }
  }
  return { ok: true, images: stored };
}

function imageRows(productId: string, images: IngestedImage[], firstPosition: number, alt: string) {
  return images.map((image, index) => ({
    product_id: productId,
    position: firstPosition + index,
    url: image.src,
    width: image.width,
    height: image.height,
    alt,
    widths: formatImageWidths(image.widths),
  }));
}

// ---------------------------------------------------------------------------------------------
// Saving

/** Why a save was refused as a whole: a field rule, a server fault, a product gone, or changed by someone else since the form was opened. */
export type SaveFormError = ProductErrorKey | "saveFailed" | "notFound" | "stale";

export type SaveProductResult =
  | { ok: true; id: string; created: boolean }
  | {
      ok: false;
      status: 400 | 404 | 409 | 413 | 422 | 500;
      formError: SaveFormError | null;
      fieldErrors: Partial<Record<ProductFieldName, ProductErrorKey>>;
      imageError: ImageError | null;
    };

function refused(
  status: 400 | 404 | 409 | 413 | 422 | 500,
  formError: SaveFormError | null,
  fieldErrors: Partial<Record<ProductFieldName, ProductErrorKey>> = {},
  imageError: ImageError | null = null,
): SaveProductResult {
  return { ok: false, status, formError, fieldErrors, imageError };
}

function productColumns(input: ProductInput) {
  return {
    slug: input.slug,
    title: input.title,
    title_en: input.titleEn,
    title_fr: input.titleFr,
    description: input.description,
    description_en: input.descriptionEn,
    description_fr: input.descriptionFr,
    price: input.price,
    compare_at_price: input.compareAtPrice,
    category: input.category,
    section_id: input.sectionId,
    in_stock: input.inStock,
    stock_quantity: input.stockQuantity,
    low_stock_threshold: input.lowStockThreshold,
    sku: input.sku,
  };
}

/** A fresh id: "p" + now in milliseconds, moved on a millisecond while taken. */
async function freshProductId(db: Kysely<Database>, now: number): Promise<string> {
  let stamp = now;
  while (await productIdExists(db, productIdAt(stamp))) stamp++;
  return productIdAt(stamp);
}

const ID_ATTEMPTS = 5;

/** The product changed (or went) since the form was opened: thrown inside the save's transaction to undo it. */
class StaleProduct extends Error {
  constructor() {
    super("stale product");
  }
}

/**
 * Creates (id null) or updates a product from its submitted form, with any uploaded images
 * appended after the existing ones. Nothing is stored when anything is refused: the fields and
 * every file are checked before the first file is written, and files written for a save that
 * then fails are removed. Every save refreshes the product's search text.
 *
 * Optimistic concurrency: an edit form carries the product's updated_at as it was when the
 * form was opened (`expectedUpdatedAt`); the UPDATE applies only while the row still has it
 * (checked in the statement itself, inside the save's transaction), so a form opened before
 * another admin's save or image change is refused (409 "stale", nothing written) instead of
 * silently overwriting it. Without `expectedUpdatedAt` (scripts, older clients) the save is
 * unconditional, as before.
 */
export async function saveProduct(
  db: Kysely<Database>,
  storage: Storage,
  request: { id: string | null; fields: ProductFormFields; files: UploadedFile[]; expectedUpdatedAt?: string | null },
): Promise<SaveProductResult> {
  // A variant's picture is one of the product's saved images (a new product has none yet).
  const imageIds = request.id !== null && request.fields.variants ? await productImageIds(db, request.id) : [];
  const parsed = parseProductForm(request.fields, { imageIds });
  if (!parsed.ok) return refused(400, parsed.formError, parsed.fieldErrors);
  const input = parsed.value;

  if (request.id !== null && !(await productIdExists(db, request.id))) return refused(404, "notFound");
  const fieldErrors: Partial<Record<ProductFieldName, ProductErrorKey>> = {};
  const [owner, hasCategory, hasSection] = await Promise.all([
    slugOwner(db, input.slug),
    categoryExists(db, input.category),
    sectionExists(db, input.sectionId),
  ]);
  if (owner !== undefined && owner !== request.id) fieldErrors.slug = "slugTaken";
  if (!hasCategory) fieldErrors.category = "unknownCategory";
  if (!hasSection) fieldErrors.sectionId = "unknownSection";
  const firstError = Object.values(fieldErrors)[0];
  if (firstError) return refused(fieldErrors.slug ? 409 : 422, firstError, fieldErrors);

  const uploadProblem = await checkUploads(request.files);
  if (uploadProblem) return refused(uploadProblem.error === "tooLarge" ? 413 : 422, null, {}, uploadProblem);

  const uploads = await storeUploads(db, storage, request.files, input.slug);
  if (!uploads.ok) return refused(500, null, {}, { error: uploads.error, file: uploads.file });

  const now = nowIso();
  const expected = request.expectedUpdatedAt?.trim() || undefined;
  for (let attempt = 1; attempt <= ID_ATTEMPTS; attempt++) {
    const id = request.id ?? (await freshProductId(db, Date.now()));
    try {
      await db.transaction().execute(async (trx) => {
        if (request.id === null) {
          await insertProduct(trx, { id, ...productColumns(input), created_at: now, updated_at: now });
        } else {
          const changed = await updateProduct(trx, id, { ...productColumns(input), updated_at: nextVersionStamp(now, expected) }, expected);
          if (changed !== 1) throw new StaleProduct();
        }
        await insertImages(trx, imageRows(id, uploads.images, await nextImagePosition(trx, id), input.title));
        if (input.offers) await saveProductOffers(trx, id, input.offers);
        if (input.variants) await saveProductVariants(trx, id, input.variants);
        await refreshSearchText(trx, [id]);
      });
      // Category counts and collection counts change with a product's category and stock.
      invalidateReferenceData();
      return { ok: true, id, created: request.id === null };
    } catch (error) {
      if (error instanceof VariantsRefused) {
        await removeUnusedImages(db, storage, uploads.images);
        const first = Object.values(error.fieldErrors)[0] ?? null;
        return refused(first === "skuTaken" ? 409 : 422, first, error.fieldErrors);
      }
      if (error instanceof StaleProduct) {
        await removeUnusedImages(db, storage, uploads.images);
        const exists = await productIdExists(db, id).catch(() => true);
        return exists ? refused(409, "stale") : refused(404, "notFound");
      }
      // A concurrent save took the slug, or (on create) the id: say so, or try the next id.
      const takenBy = await slugOwner(db, input.slug).catch(() => undefined);
      if (takenBy !== undefined && takenBy !== id) {
        await removeUnusedImages(db, storage, uploads.images);
        return refused(409, "slugTaken", { slug: "slugTaken" });
      }
      if (request.id === null && attempt < ID_ATTEMPTS && (await productIdExists(db, id).catch(() => false))) continue;
      logger.error({ err: error, productId: id }, "saving a product failed");
      await removeUnusedImages(db, storage, uploads.images);
      return refused(500, "saveFailed");
    }
  }
  await removeUnusedImages(db, storage, uploads.images);
  return refused(500, "saveFailed");
}

// ---------------------------------------------------------------------------------------------
// Deleting and images

export type ProductActionResult = { ok: true } | { ok: false; status: 404 | 500; error: "notFound" | "failed" };

/**
 * Deletes a product and its image rows, then the files no other row shows. Products that
 * orders name are deleted too: order lines keep their own snapshot (title, prices).
 */
export async function deleteProduct(db: Kysely<Database>, storage: Storage, id: string): Promise<ProductActionResult> {
  try {
    const images = await selectProductImages(db, id);
    const deleted = await db.transaction().execute((trx) => deleteProductRow(trx, id));
    if (deleted === 0) return { ok: false, status: 404, error: "notFound" };
    invalidateReferenceData();
    await removeUnusedImages(
      db,
      storage,
      images.map((image) => ({ src: image.url, widths: parseImageWidths(image.widths) })),
    );
    return { ok: true };
  } catch (error) {
    logger.error({ err: error, productId: id }, "deleting a product failed");
    return { ok: false, status: 500, error: "failed" };
  }
}

/** Moves one image a place up (towards the main image) or down; positions are rewritten in one transaction. */
export async function moveProductImage(
  db: Kysely<Database>,
  productId: string,
  imageId: number,
  direction: "up" | "down",
): Promise<ProductActionResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const ids = (await selectProductImages(trx, productId)).map((image) => image.id);
      const from = ids.indexOf(imageId);
      if (from < 0) return { ok: false as const, status: 404 as const, error: "notFound" as const };
      const to = direction === "up" ? from - 1 : from + 1;
      if (to >= 0 && to < ids.length) {
        [ids[from], ids[to]] = [ids[to]!, ids[from]!];
      }
      await rewriteImagePositions(trx, productId, ids);
      await touchProduct(trx, productId, nowIso());
      return { ok: true as const };
    });
  } catch (error) {
    logger.error({ err: error, productId, imageId }, "moving a product image failed");
    return { ok: false, status: 500, error: "failed" };
  }
}

/** Deletes one image: its row (the others close the gap, in one transaction), then its files if no other row shows them. */
export async function deleteProductImage(db: Kysely<Database>, storage: Storage, productId: string, imageId: number): Promise<ProductActionResult> {
  try {
    const removed = await db.transaction().execute(async (trx) => {
      const images = await selectProductImages(trx, productId);
      const image = images.find((candidate) => candidate.id === imageId);
      if (!image) return null;
      await deleteImageRow(trx, productId, imageId);
      await rewriteImagePositions(
        trx,
        productId,
        images.filter((candidate) => candidate.id !== imageId).map((candidate) => candidate.id),
      );
      await touchProduct(trx, productId, nowIso());
      return image;
    });
    if (!removed) return { ok: false, status: 404, error: "notFound" };
    await removeUnusedImages(db, storage, [{ src: removed.url, widths: parseImageWidths(removed.widths) }]);
    return { ok: true };
  } catch (error) {
    logger.error({ err: error, productId, imageId }, "deleting a product image failed");
    return { ok: false, status: 500, error: "failed" };
  }
}
