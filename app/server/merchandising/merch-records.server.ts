import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import type { PickerProduct, PublicCustomPage } from "~/lib/merchandising";
import { metaTextIn } from "~/lib/merchant-texts";
import type {
  CustomPageFormValues,
  CustomPageInput,
  MerchDeleteResult,
  MerchFormFields,
  MerchParseResult,
  MerchSaveResult,
} from "~/lib/merchandising.schema";
import { withMainImages } from "../catalog/index.server";
import type { UploadedFile } from "../images/index.server";
import type { Storage } from "../storage/index.server";
import type { Database } from "../db/database.server";
import { nowIso, toBool } from "../db/types.server";
import { logger } from "../logger.server";
import {
  checkProductList,
  columnIn,
  imageFiles,
  removeUnusedImages,
  saveImaged,
  translationsOf,
  pickerSelection,
  type StoredImageColumns,
  type TranslatedColumns,
} from "./merch-shared.server";
import {
  deleteRecord,
  insertRecord,
  recordSlugOwner,
  updateRecord,
  type MerchRecordTable,
  type MerchRecordValues,
} from "./merch-records.repo.server";
import { selectListedProducts, selectProductLists } from "./product-lists.repo.server";
import { atListedVariants, listedVariant } from "./listed-variants.server";

/**
 * The steps a collection and a custom page share (the admin's read, save and delete; the
 * storefront's fields). Both have the same columns but for a collection's is_featured, an image
 * under another prefix (banner_*, hero_*) and another product list; each service describes its
 * table once as a MerchRecordKind.
 */

/** The columns both tables have, as their repositories read them (each text with its translations). */
export interface MerchRecordRow extends TranslatedColumns<"title" | "description" | "meta_title" | "meta_description"> {
  id: number;
  slug: string;
  title: string;
  is_active: boolean | 0 | 1;
  display_order: number;
}

export interface MerchRecordKind<Row extends MerchRecordRow, Value extends CustomPageInput> {
  table: MerchRecordTable;
  listKind: "collection" | "page";
  /** The storage folder of its images. */
  folder: "collections" | "pages";
  selectRow(db: Kysely<Database>, id: number): Promise<Row | undefined>;
  /** The row's image (a collection's banner, a page's hero). */
  imageOf(row: Row): StoredImageColumns;
  /** The image as this table's columns, for a write. */
  imageColumns(image: StoredImageColumns): MerchRecordValues;
  parse(fields: MerchFormFields): MerchParseResult<Value>;
  /** The columns only this table has (a collection's is_featured). */
  ownColumns?(value: Value): MerchRecordValues;
  /** Whether a save needs at least one product (productsRequired). */
  productsRequired: boolean;
  /** The delete's failure log line: the id's key and the message. */
  deleteLog: { idKey: string; message: string };
}

/** A collection or custom page save as the admin form posts it. */
export interface MerchRecordSave {
  id: number | null;
  fields: MerchFormFields;
  productIds: string[];
  /** The posted variant choices by field name (postedVariants); absent: every product as a whole. */
  variants?: Readonly<Record<string, string>>;
  image: UploadedFile | null;
  removeImage: boolean;
}

/** A row with its ordered product list (ids and picker rows), or null when there is no such row. */
export async function getAdminRecord<Row extends MerchRecordRow>(
  db: Kysely<Database>,
  kind: Pick<MerchRecordKind<Row, CustomPageInput>, "selectRow" | "listKind">,
  id: number,
): Promise<{ row: Row; productIds: string[]; products: PickerProduct[] } | null> {
  const row = await kind.selectRow(db, id);
  if (!row) return null;
  const entries = (await selectProductLists(db, kind.listKind, [id])).get(id) ?? [];
  return { row, productIds: entries.map((entry) => entry.productId), products: await pickerSelection(db, entries) };
}

/** The form values of the columns both tables have, with the product list. */
export function recordFormValues(row: MerchRecordRow, productIds: string[]): CustomPageFormValues {
  return {
    title: row.title,
    slug: row.slug,
    description: row.description ?? "",
    metaTitle: row.meta_title ?? "",
    metaDescription: row.meta_description ?? "",
    titleEn: row.title_en ?? "",
    titleFr: row.title_fr ?? "",
    descriptionEn: row.description_en ?? "",
    descriptionFr: row.description_fr ?? "",
    metaTitleEn: row.meta_title_en ?? "",
    metaTitleFr: row.meta_title_fr ?? "",
    metaDescriptionEn: row.meta_description_en ?? "",
    metaDescriptionFr: row.meta_description_fr ?? "",
    displayOrder: String(row.display_order),
    isActive: toBool(row.is_active),
    productIds,
  };
}

/**
 * Creates (id null) or updates a row with its ordered product list (every id known; at least one
 * when the kind requires it) and optionally a new or removed image. Refusals in the form's order:
 * title and slug, then products, then the rest (saveImaged). Nothing is stored when anything is refused.
 */
export async function saveMerchRecord<Row extends MerchRecordRow, Value extends CustomPageInput>(
  db: Kysely<Database>,
  storage: Storage,
  kind: MerchRecordKind<Row, Value>,
  input: MerchRecordSave,
): Promise<MerchSaveResult> {
  const parsed = kind.parse(input.fields);
  if (!parsed.ok) {
    return { ok: false, status: 400, error: parsed.error, ...(parsed.field ? { field: parsed.field } : {}) };
  }
  const variants = input.variants ?? {};
  const products = await checkProductList(db, input.productIds, (field) => variants[field]);
  if (!products.ok) return products;
  if (kind.productsRequired && products.entries.length === 0) return { ok: false, status: 400, error: "productsRequired", field: "productIds" };
  const value = parsed.value;
  const columns = {
    slug: value.slug,
    title: value.title,
    description: value.description,
    meta_title: value.metaTitle,
    meta_description: value.metaDescription,
    title_en: value.titleEn,
    title_fr: value.titleFr,
    description_en: value.descriptionEn,
    description_fr: value.descriptionFr,
    meta_title_en: value.metaTitleEn,
    meta_title_fr: value.metaTitleFr,
    meta_description_en: value.metaDescriptionEn,
    meta_description_fr: value.metaDescriptionFr,
    display_order: value.displayOrder,
    is_active: value.isActive,
    ...kind.ownColumns?.(value),
  };
  return saveImaged(db, storage, {
    id: input.id,
    slug: value.slug,
    imageName: value.slug,
    products: products.entries,
    image: input.image,
    removeImage: input.removeImage,
    folder: kind.folder,
    listKind: kind.listKind,
    slugOwner: (conn, slug) => recordSlugOwner(conn, kind.table, slug),
    async currentImage(conn, id) {
      const row = await kind.selectRow(conn, id);
      return row ? kind.imageOf(row) : undefined;
    },
    async writeRow(trx, id, image) {
      const now = nowIso();
      const values = { ...columns, ...(image === undefined ? {} : kind.imageColumns(image)) };
      if (id === null) return insertRecord(trx, kind.table, { ...values, created_at: now, updated_at: now });
      return (await updateRecord(trx, kind.table, id, { ...values, updated_at: now })) === 0 ? null : id;
    },
  });
}

/** Deletes a row and its product list (one transaction), then its image's files if no row shows them. */
export async function deleteMerchRecord<Row extends MerchRecordRow, Value extends CustomPageInput>(
  db: Kysely<Database>,
  storage: Storage,
  kind: MerchRecordKind<Row, Value>,
  id: number,
): Promise<MerchDeleteResult> {
  try {
    const removed = await db.transaction().execute(async (trx) => {
      const row = await kind.selectRow(trx, id);
      if (!row) return null;
      await deleteRecord(trx, kind.table, id);
      return row;
    });
    if (!removed) return { ok: false, status: 404, error: "notFound" };
    await removeUnusedImages(db, storage, [imageFiles(kind.imageOf(removed))]);
    return { ok: true };
  } catch (error) {
    logger.error({ err: error, [kind.deleteLog.idKey]: id }, kind.deleteLog.message);
    return { ok: false, status: 500, error: "deleteFailed" };
  }
}

/**
 * What the storefront shows of a row but its image: its texts in `language` (the Arabic ones
 * where the merchant gave no translation; metaTextIn for the meta texts) and the cards of its
 * listed products in the admin's order (in stock only with availableOnly).
 */
export async function publicRecordFields(
  db: Kysely<Database>,
  listKind: "collection" | "page",
  row: MerchRecordRow,
  options: { availableOnly: boolean },
  language: Language,
): Promise<Omit<PublicCustomPage, "heroImage">> {
  const rows = await selectListedProducts(db, listKind, row.id, options);
  const cards = await withMainImages(db, rows, language);
  return {
    id: row.id,
    slug: row.slug,
    title: columnIn(row, "title", language),
    description: columnIn(row, "description", language),
    metaTitle: metaTextIn(
      { arabic: row.meta_title, translations: translationsOf(row, "meta_title") },
      { arabic: row.title, translations: translationsOf(row, "title") },
      language,
    ),
    metaDescription: metaTextIn(
      { arabic: row.meta_description, translations: translationsOf(row, "meta_description") },
      { arabic: row.description, translations: translationsOf(row, "description") },
      language,
    ),
    products: await atListedVariants(
      db,
      cards,
      rows.map((listed) => ({
        price: listed.price,
        compareAtPrice: listed.compare_at_price,
        variant: listedVariant({
          id: listed.listed_variant_id,
          price: listed.listed_variant_price,
          compareAtPrice: listed.listed_variant_compare_at_price,
        }),
      })),
    ),
  };
}
