import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import type { AdminCustomPageCard, PickerProduct, PublicCustomPage } from "~/lib/merchandising";
import {
  parseCustomPageForm,
  type CustomPageFormValues,
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
  customPageSlugOwner,
  deleteCustomPageRow,
  insertCustomPage,
  selectActiveCustomPageBySlug,
  selectCustomPage,
  selectCustomPages,
  updateCustomPage,
  type CustomPageRow,
} from "./custom-pages.repo.server";
import { checkProductIds, imageFiles, removeUnusedImages, saveImaged, toMerchImage, type StoredImageColumns } from "./merch-shared.server";
import { pickerProductsByIds } from "./picker.service.server";
import { countProductLists, selectListedProducts, selectProductLists } from "./product-lists.repo.server";

function heroColumns(row: Pick<CustomPageRow, "hero_url" | "hero_width" | "hero_height" | "hero_widths">): StoredImageColumns {
  return { url: row.hero_url, width: row.hero_width, height: row.hero_height, widths: row.hero_widths };
}

function toCard(row: CustomPageRow, productCount: number): AdminCustomPageCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    heroImage: toMerchImage(heroColumns(row), row.title),
    isActive: toBool(row.is_active),
    displayOrder: row.display_order,
    productCount,
  };
}

// ---------------------------------------------------------------------------------------------
// Admin

export async function listAdminCustomPages(db: Kysely<Database>): Promise<AdminCustomPageCard[]> {
  const rows = await selectCustomPages(db);
  const counts = await countProductLists(db, "page", rows.map((row) => row.id), { availableOnly: false });
  return rows.map((row) => toCard(row, counts.get(row.id) ?? 0));
}

export async function getAdminCustomPage(
  db: Kysely<Database>,
  id: number,
): Promise<{ card: AdminCustomPageCard; values: CustomPageFormValues; products: PickerProduct[] } | null> {
  const row = await selectCustomPage(db, id);
  if (!row) return null;
  const productIds = (await selectProductLists(db, "page", [id])).get(id) ?? [];
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
      productIds,
    },
    products: await pickerProductsByIds(db, productIds),
  };
}

/**
 * Creates (id null) or updates a custom page with its ordered product list (may be empty; every
 * id known) and optionally a new or removed hero image. Nothing is stored when anything is refused.
 */
export async function saveCustomPage(
  db: Kysely<Database>,
  storage: Storage,
  input: { id: number | null; fields: MerchFormFields; productIds: string[]; image: UploadedFile | null; removeImage: boolean },
): Promise<MerchSaveResult> {
  const parsed = parseCustomPageForm(input.fields);
  if (!parsed.ok) {
    return { ok: false, status: 400, error: parsed.error, ...(parsed.field ? { field: parsed.field } : {}) };
  }
  const products = await checkProductIds(db, input.productIds);
  if (!products.ok) return products;
  const value = parsed.value;
  const columns = {
    slug: value.slug,
    title: value.title,
    description: value.description,
    meta_title: value.metaTitle,
    meta_description: value.metaDescription,
    display_order: value.displayOrder,
    is_active: value.isActive,
  };
  return saveImaged(db, storage, {
    id: input.id,
    slug: value.slug,
    imageName: value.slug,
    productIds: products.ids,
    image: input.image,
    removeImage: input.removeImage,
    folder: "pages",
    listKind: "page",
    slugOwner: customPageSlugOwner,
    async currentImage(conn, id) {
      const row = await selectCustomPage(conn, id);
      return row ? heroColumns(row) : undefined;
    },
    async writeRow(trx, id, image) {
      const now = nowIso();
      const hero =
        image === undefined ? {} : { hero_url: image.url, hero_width: image.width, hero_height: image.height, hero_widths: image.widths };
      if (id === null) return insertCustomPage(trx, { ...columns, ...hero, created_at: now, updated_at: now });
      return (await updateCustomPage(trx, id, { ...columns, ...hero, updated_at: now })) === 0 ? null : id;
    },
  });
}

export async function deleteCustomPage(db: Kysely<Database>, storage: Storage, id: number): Promise<MerchDeleteResult> {
  try {
    const removed = await db.transaction().execute(async (trx) => {
      const row = await selectCustomPage(trx, id);
      if (!row) return null;
      await deleteCustomPageRow(trx, id);
      return row;
    });
    if (!removed) return { ok: false, status: 404, error: "notFound" };
    await removeUnusedImages(db, storage, [imageFiles(heroColumns(removed))]);
    return { ok: true };
  } catch (error) {
    logger.error({ err: error, pageId: id }, "deleting a custom page failed");
    return { ok: false, status: 500, error: "deleteFailed" };
  }
}

// ---------------------------------------------------------------------------------------------
// Storefront

/** An active custom page by slug with every chosen product in order (out-of-stock ones too, shown with their badge). */
export async function getPublicCustomPage(db: Kysely<Database>, slug: string, language: Language): Promise<PublicCustomPage | null> {
  const row = await selectActiveCustomPageBySlug(db, slug);
  if (!row) return null;
  const rows = await selectListedProducts(db, "page", row.id, { availableOnly: false });
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    heroImage: toMerchImage(heroColumns(row), row.title),
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    products: await withMainImages(db, rows, language),
  };
}
