import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import type { AdminCustomPageCard, PickerProduct, PublicCustomPage } from "~/lib/merchandising";
import {
  parseCustomPageForm,
  type CustomPageFormValues,
  type CustomPageInput,
  type MerchDeleteResult,
  type MerchSaveResult,
} from "~/lib/merchandising.schema";
import type { Database } from "../db/database.server";
import { toBool } from "../db/types.server";
import type { Storage } from "../storage/index.server";
import { selectActiveCustomPageBySlug, selectCustomPage, selectCustomPages, type CustomPageRow } from "./custom-pages.repo.server";
import {
  deleteMerchRecord,
  getAdminRecord,
  publicRecordFields,
  recordFormValues,
  saveMerchRecord,
  type MerchRecordKind,
  type MerchRecordSave,
} from "./merch-records.server";
import { toMerchImage, type StoredImageColumns } from "./merch-shared.server";
import { countProductLists } from "./product-lists.repo.server";

function heroColumns(row: Pick<CustomPageRow, "hero_url" | "hero_width" | "hero_height" | "hero_widths">): StoredImageColumns {
  return { url: row.hero_url, width: row.hero_width, height: row.hero_height, widths: row.hero_widths };
}

/** The custom_pages table for the shared admin steps (merch-records.server.ts). */
const CUSTOM_PAGES: MerchRecordKind<CustomPageRow, CustomPageInput> = {
  table: "custom_pages",
  listKind: "page",
  folder: "pages",
  selectRow: selectCustomPage,
  imageOf: heroColumns,
  imageColumns: (image) => ({ hero_url: image.url, hero_width: image.width, hero_height: image.height, hero_widths: image.widths }),
  parse: parseCustomPageForm,
  productsRequired: false,
  deleteLog: { idKey: "pageId", message: "deleting a custom page failed" },
};

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
  const counts = await countProductLists(
    db,
    "page",
    rows.map((row) => row.id),
    { availableOnly: false },
  );
  return rows.map((row) => toCard(row, counts.get(row.id) ?? 0));
}

export async function getAdminCustomPage(
  db: Kysely<Database>,
  id: number,
): Promise<{ card: AdminCustomPageCard; values: CustomPageFormValues; products: PickerProduct[] } | null> {
  const found = await getAdminRecord(db, CUSTOM_PAGES, id);
  if (!found) return null;
  const { row, productIds, products } = found;
  return { card: toCard(row, productIds.length), values: recordFormValues(row, productIds), products };
}

/**
 * Creates (id null) or updates a custom page with its ordered product list (may be empty; every
 * id known) and optionally a new or removed hero image. Nothing is stored when anything is refused.
 */
export async function saveCustomPage(db: Kysely<Database>, storage: Storage, input: MerchRecordSave): Promise<MerchSaveResult> {
  return saveMerchRecord(db, storage, CUSTOM_PAGES, input);
}

export async function deleteCustomPage(db: Kysely<Database>, storage: Storage, id: number): Promise<MerchDeleteResult> {
  return deleteMerchRecord(db, storage, CUSTOM_PAGES, id);
}

// ---------------------------------------------------------------------------------------------
// Storefront

/** An active custom page by slug with every chosen product in order (out-of-stock ones too, shown with their badge). */
export async function getPublicCustomPage(db: Kysely<Database>, slug: string, language: Language): Promise<PublicCustomPage | null> {
  const row = await selectActiveCustomPageBySlug(db, slug);
  if (!row) return null;
  const fields = await publicRecordFields(db, "page", row, { availableOnly: false }, language);
  return { ...fields, heroImage: toMerchImage(heroColumns(row), fields.title) };
}
