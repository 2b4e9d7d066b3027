import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import type { AdminCollectionCard, CollectionTeaser, PickerProduct, PublicCollection } from "~/lib/merchandising";
import {
  parseCollectionForm,
  type CollectionFormValues,
  type CollectionInput,
  type MerchDeleteResult,
  type MerchSaveResult,
} from "~/lib/merchandising.schema";
import type { Database } from "../db/database.server";
import { toBool } from "../db/types.server";
import type { Storage } from "../storage/index.server";
import { cachedReference, invalidateReferenceData } from "../reference-cache.server";
import {
  selectActiveCollectionBySlug,
  selectCollection,
  selectCollections,
  selectFeaturedCollectionsWithCounts,
  type CollectionRow,
} from "./collections.repo.server";
import {
  deleteMerchRecord,
  getAdminRecord,
  publicRecordFields,
  recordFormValues,
  saveMerchRecord,
  type MerchRecordKind,
  type MerchRecordSave,
} from "./merch-records.server";
import { columnIn, toMerchImage, type StoredImageColumns } from "./merch-shared.server";
import { countProductLists } from "./product-lists.repo.server";

export function collectionImageColumns(
  row: Pick<CollectionRow, "banner_url" | "banner_width" | "banner_height" | "banner_widths">,
): StoredImageColumns {
  return { url: row.banner_url, width: row.banner_width, height: row.banner_height, widths: row.banner_widths };
}

/** The collections table for the shared admin steps (merch-records.server.ts). */
const COLLECTIONS: MerchRecordKind<CollectionRow, CollectionInput> = {
  table: "collections",
  listKind: "collection",
  folder: "collections",
  selectRow: selectCollection,
  imageOf: collectionImageColumns,
  imageColumns: (image) => ({ banner_url: image.url, banner_width: image.width, banner_height: image.height, banner_widths: image.widths }),
  parse: parseCollectionForm,
  ownColumns: (value) => ({ is_featured: value.isFeatured }),
  productsRequired: true,
  deleteLog: { idKey: "collectionId", message: "deleting a collection failed" },
};

/** A collection as the home page lists it, its texts in `language`; productCount counts its products in stock. */
export function toCollectionTeaser(row: CollectionRow, productCount: number, language: Language): CollectionTeaser {
  const title = columnIn(row, "title", language);
  return {
    id: row.id,
    slug: row.slug,
    title,
    description: columnIn(row, "description", language),
    bannerImage: toMerchImage(collectionImageColumns(row), title),
    productCount,
  };
}

/** The admin card: the Arabic teaser (the admin's reference language) with the admin's state (productCount counts every listed product). */
function toCard(row: CollectionRow, productCount: number): AdminCollectionCard {
  return {
    ...toCollectionTeaser(row, productCount, "ar"),
    isActive: toBool(row.is_active),
    isFeatured: toBool(row.is_featured),
    displayOrder: row.display_order,
  };
}

// ---------------------------------------------------------------------------------------------
// Admin

/** Every collection, by display_order then id, with how many products each lists. */
export async function listAdminCollections(db: Kysely<Database>): Promise<AdminCollectionCard[]> {
  const rows = await selectCollections(db);
  const counts = await countProductLists(
    db,
    "collection",
    rows.map((row) => row.id),
    { availableOnly: false },
  );
  return rows.map((row) => toCard(row, counts.get(row.id) ?? 0));
}

export async function getAdminCollection(
  db: Kysely<Database>,
  id: number,
): Promise<{ card: AdminCollectionCard; values: CollectionFormValues; products: PickerProduct[] } | null> {
  const found = await getAdminRecord(db, COLLECTIONS, id);
  if (!found) return null;
  const { row, productIds, products } = found;
  return {
    card: toCard(row, productIds.length),
    values: { ...recordFormValues(row, productIds), isFeatured: toBool(row.is_featured) },
    products,
  };
}

/**
 * Creates (id null) or updates a collection with its ordered product list (at least one, all
 * known) and optionally a new or removed banner. Refusals in the form's order: title and slug,
 * then products, then the rest. Nothing is stored when anything is refused.
 */
export async function saveCollection(db: Kysely<Database>, storage: Storage, input: MerchRecordSave): Promise<MerchSaveResult> {
  const result = await saveMerchRecord(db, storage, COLLECTIONS, input);
  invalidateReferenceData();
  return result;
}

/** Deletes a collection and its product list (one transaction), then its banner's files if no row shows them. */
export async function deleteCollection(db: Kysely<Database>, storage: Storage, id: number): Promise<MerchDeleteResult> {
  const result = await deleteMerchRecord(db, storage, COLLECTIONS, id);
  invalidateReferenceData();
  return result;
}

// ---------------------------------------------------------------------------------------------
// Storefront

/** An active collection by slug with its in-stock products in the admin's order; null otherwise. */
export async function getPublicCollection(db: Kysely<Database>, slug: string, language: Language): Promise<PublicCollection | null> {
  const row = await selectActiveCollectionBySlug(db, slug);
  if (!row) return null;
  const fields = await publicRecordFields(db, "collection", row, { availableOnly: true }, language);
  return { ...fields, bannerImage: toMerchImage(collectionImageColumns(row), fields.title) };
}

/**
 * Active, featured collections by display_order, their texts in `language`, each with its count
 * of in-stock products (one query, kept a few seconds in memory: reference-cache.server.ts;
 * collection saves invalidate).
 */
export async function listFeaturedCollections(db: Kysely<Database>, language: Language): Promise<CollectionTeaser[]> {
  const rows = await cachedReference(db, "featured-collections", () => selectFeaturedCollectionsWithCounts(db));
  return rows.map((row) => toCollectionTeaser(row, Number(row.available_count ?? 0), language));
}
