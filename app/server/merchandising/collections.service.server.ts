import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import type { AdminCollectionCard, CollectionTeaser, PickerProduct, PublicCollection } from "~/lib/merchandising";
import {
  parseCollectionForm,
  type CollectionFormValues,
  type MerchDeleteResult,
  type MerchFormFields,
  type MerchSaveResult,
} from "~/lib/merchandising.schema";
import type { UploadedFile } from "../catalog/admin-product.service.server";
import { withMainImages } from "../catalog/product.service.server";
import type { Database } from "../db/database.server";
import { nowIso, toBool } from "../db/types.server";
import { logger } from "../logger.server";
import type { Storage } from "../storage/storage.server";
import {
  collectionSlugOwner,
  deleteCollectionRow,
  insertCollection,
  selectActiveCollectionBySlug,
  selectCollection,
  selectCollections,
  updateCollection,
  type CollectionRow,
} from "./collections.repo.server";
import { checkProductIds, imageFiles, removeUnusedImages, saveImaged, toMerchImage, type StoredImageColumns } from "./merch-shared.server";
import { pickerProductsByIds } from "./picker.service.server";
import { countProductLists, selectListedProducts, selectProductLists } from "./product-lists.repo.server";

export function collectionImageColumns(row: Pick<CollectionRow, "banner_url" | "banner_width" | "banner_height" | "banner_widths">): StoredImageColumns {
  return { url: row.banner_url, width: row.banner_width, height: row.banner_height, widths: row.banner_widths };
}

function toCard(row: CollectionRow, productCount: number): AdminCollectionCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    bannerImage: toMerchImage(collectionImageColumns(row), row.title),
    isActive: toBool(row.is_active),
    isFeatured: toBool(row.is_featured),
    displayOrder: row.display_order,
    productCount,
  };
}

/** A collection as the home page lists it; productCount counts its products in stock. */
export function toCollectionTeaser(row: CollectionRow, productCount: number): CollectionTeaser {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    bannerImage: toMerchImage(collectionImageColumns(row), row.title),
    productCount,
  };
}

// ---------------------------------------------------------------------------------------------
// Admin

/** Every collection, by display_order then id, with how many products each lists. */
export async function listAdminCollections(db: Kysely<Database>): Promise<AdminCollectionCard[]> {
  const rows = await selectCollections(db);
  const counts = await countProductLists(db, "collection", rows.map((row) => row.id), { availableOnly: false });
  return rows.map((row) => toCard(row, counts.get(row.id) ?? 0));
}

export async function getAdminCollection(
  db: Kysely<Database>,
  id: number,
): Promise<{ card: AdminCollectionCard; values: CollectionFormValues; products: PickerProduct[] } | null> {
  const row = await selectCollection(db, id);
  if (!row) return null;
  const productIds = (await selectProductLists(db, "collection", [id])).get(id) ?? [];
  const products = await pickerProductsByIds(db, productIds);
  return {
    card: toCard(row, productIds.length),
    values: {
      title: row.title,
      slug: row.slug,
      description: row.description ?? "",
      metaTitle: row.meta_title ?? "",
      metaDescription: row.meta_description ?? "",
      displayOrder: String(row.display_order),
      isActive: toBool(row.is_active),
      isFeatured: toBool(row.is_featured),
      productIds,
    },
    products,
  };
}

/**
 * Creates (id null) or updates a collection with its ordered product list (at least one, all
 * known) and optionally a new or removed banner. Refusals in the spec's order: title and slug,
 * then products, then the rest. Nothing is stored when anything is refused.
 */
export async function saveCollection(
  db: Kysely<Database>,
  storage: Storage,
  input: { id: number | null; fields: MerchFormFields; productIds: string[]; image: UploadedFile | null; removeImage: boolean },
): Promise<MerchSaveResult> {
  const parsed = parseCollectionForm(input.fields);
  if (!parsed.ok) {
    return { ok: false, status: 400, error: parsed.error, ...(parsed.field ? { field: parsed.field } : {}) };
  }
  const products = await checkProductIds(db, input.productIds);
  if (!products.ok) return products;
  if (products.ids.length === 0) return { ok: false, status: 400, error: "productsRequired", field: "productIds" };
  const value = parsed.value;
  const columns = {
    slug: value.slug,
    title: value.title,
    description: value.description,
    meta_title: value.metaTitle,
    meta_description: value.metaDescription,
    display_order: value.displayOrder,
    is_active: value.isActive,
    is_featured: value.isFeatured,
  };
  return saveImaged(db, storage, {
    id: input.id,
    slug: value.slug,
    imageName: value.slug,
    productIds: products.ids,
    image: input.image,
    removeImage: input.removeImage,
    folder: "collections",
    listKind: "collection",
    slugOwner: collectionSlugOwner,
    async currentImage(conn, id) {
      const row = await selectCollection(conn, id);
      return row ? collectionImageColumns(row) : undefined;
    },
    async writeRow(trx, id, image) {
      const now = nowIso();
      const banner =
        image === undefined
          ? {}
          : { banner_url: image.url, banner_width: image.width, banner_height: image.height, banner_widths: image.widths };
      if (id === null) return insertCollection(trx, { ...columns, ...banner, created_at: now, updated_at: now });
      return (await updateCollection(trx, id, { ...columns, ...banner, updated_at: now })) === 0 ? null : id;
    },
  });
}

/** Deletes a collection and its product list (one transaction), then its banner's files if no row shows them. */
export async function deleteCollection(db: Kysely<Database>, storage: Storage, id: number): Promise<MerchDeleteResult> {
  try {
    const removed = await db.transaction().execute(async (trx) => {
      const row = await selectCollection(trx, id);
      if (!row) return null;
      await deleteCollectionRow(trx, id);
      return row;
    });
    if (!removed) return { ok: false, status: 404, error: "notFound" };
    await removeUnusedImages(db, storage, [imageFiles(collectionImageColumns(removed))]);
    return { ok: true };
  } catch (error) {
    logger.error({ err: error, collectionId: id }, "deleting a collection failed");
    return { ok: false, status: 500, error: "deleteFailed" };
  }
}

// ---------------------------------------------------------------------------------------------
// Storefront

/** An active collection by slug with its in-stock products in the admin's order; null otherwise. */
export async function getPublicCollection(db: Kysely<Database>, slug: string, language: Language): Promise<PublicCollection | null> {
  const row = await selectActiveCollectionBySlug(db, slug);
  if (!row) return null;
  const rows = await selectListedProducts(db, "collection", row.id, { availableOnly: true });
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    bannerImage: toMerchImage(collectionImageColumns(row), row.title),
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    products: await withMainImages(db, rows, language),
  };
}

/** Active, featured collections by display_order, each with its count of in-stock products. */
export async function listFeaturedCollections(db: Kysely<Database>, _language: Language): Promise<CollectionTeaser[]> {
  const rows = await selectCollections(db, { activeOnly: true, featuredOnly: true });
  const counts = await countProductLists(db, "collection", rows.map((row) => row.id), { availableOnly: true });
  return rows.map((row) => toCollectionTeaser(row, counts.get(row.id) ?? 0));
}
