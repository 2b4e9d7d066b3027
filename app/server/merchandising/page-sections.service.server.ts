import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import {
  cardAtVariant,
  isPageIdentifier,
  isSectionType,
  nextDisplayOrder,
  SECTION_PRODUCT_LIMIT,
  swapPartner,
  type AdminPageSection,
  type PageIdentifier,
  type SectionType,
  type StorefrontSection,
} from "~/lib/merchandising";
import { parseSectionForm, type MerchDeleteResult, type MerchFormFields, type MerchSaveResult } from "~/lib/merchandising.schema";
import type { ProductCardData, ProductImageData } from "~/lib/product";
import { cardRowToCard, listSectionsProducts, selectProductCardsByIds, variantMainImages, type ProductCardRow } from "../catalog/index.server";
import type { Database } from "../db/database.server";
import { nowIso, toBool } from "../db/types.server";
import { logger } from "../logger.server";
import { isUniqueViolation } from "../platform/index.server";
import { cachedReference, invalidateReferenceData } from "../reference-cache.server";
import { selectActiveCollectionsOfPage } from "./collections.repo.server";
import { toCollectionTeaser } from "./collections.service.server";
import { checkProductList, columnIn, refuse } from "./merch-shared.server";
import {
  collectionExists,
  deletePageSectionRow,
  insertPageSection,
  selectCollectionOptions,
  selectPageSection,
  selectPageSections,
  selectSectionOrders,
  setSectionOrder,
  updatePageSection,
} from "./page-sections.repo.server";
import { replaceProductList, selectProductListsOfPage, selectProductLists, type ListedRow } from "./product-lists.repo.server";
import { listedVariant } from "./listed-variants.server";

/** Attempts of a new section's insert when a concurrent one took the same display_order. */
const INSERT_ATTEMPTS = 10;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Admin

/** A page's sections (active or not) by display_order, with their product ids and collection title. */
export async function listAdminPageSections(db: Kysely<Database>, page: PageIdentifier): Promise<AdminPageSection[]> {
  const rows = await selectPageSections(db, page);
  const lists = await selectProductLists(
    db,
    "section",
    rows.map((row) => row.id),
  );
  return rows.flatMap((row) => {
    // Rows are only written through saveSection, which checks both; skip anything else.
    if (!isPageIdentifier(row.page_identifier) || !isSectionType(row.section_type)) return [];
    return [
      {
        id: row.id,
        pageIdentifier: row.page_identifier,
        type: row.section_type,
        title: row.title,
        subtitle: row.subtitle,
        titleEn: row.title_en,
        titleFr: row.title_fr,
        subtitleEn: row.subtitle_en,
        subtitleFr: row.subtitle_fr,
        productIds: (lists.get(row.id) ?? []).map((entry) => entry.productId),
        listed: (lists.get(row.id) ?? []).map(({ productId, variantId }) => ({ productId, variantId })),
        collectionId: row.collection_id,
        collectionTitle: row.collection_title ?? null,
        isActive: toBool(row.is_active),
        displayOrder: row.display_order,
      },
    ];
  });
}

/** Every collection for the section form's select (inactive ones marked), by display_order. */
export async function listCollectionOptions(db: Kysely<Database>): Promise<{ id: number; title: string; isActive: boolean }[]> {
  return (await selectCollectionOptions(db)).map((row) => ({ id: row.id, title: row.title, isActive: toBool(row.is_active) }));
}

/**
 * Creates (id null) or updates a page section with its ordered product list. A new one goes
 * last (nextDisplayOrder, read inside its transaction; when a concurrent insert took that order
 * the unique index refuses and the insert is tried again). An existing section keeps its page
 * and its order (the posted pageIdentifier is only used for new ones).
 */
export async function saveSection(
  db: Kysely<Database>,
  input: { id: number | null; fields: MerchFormFields; productIds: string[]; variants?: Readonly<Record<string, string>> },
): Promise<MerchSaveResult> {
  const result = await saveSectionRow(db, input);
  invalidateReferenceData();
  return result;
}

async function saveSectionRow(
  db: Kysely<Database>,
  input: { id: number | null; fields: MerchFormFields; productIds: string[]; variants?: Readonly<Record<string, string>> },
): Promise<MerchSaveResult> {
  const parsed = parseSectionForm(input.fields);
  if (!parsed.ok) return refuse(400, parsed.error, parsed.field);
  const value = parsed.value;
  const variants = input.variants ?? {};
  const products = await checkProductList(db, input.productIds, (field) => variants[field]);
  if (!products.ok) return products;
  if (value.collectionId !== null && !(await collectionExists(db, value.collectionId))) {
    return refuse(422, "unknownCollection", "collectionId");
  }
  const columns = {
    section_type: value.sectionType,
    title: value.title,
    subtitle: value.subtitle,
    title_en: value.titleEn,
    title_fr: value.titleFr,
    subtitle_en: value.subtitleEn,
    subtitle_fr: value.subtitleFr,
    collection_id: value.collectionId,
    is_active: value.isActive,
  };

  if (input.id !== null) {
    const id = input.id;
    try {
      const updated = await db.transaction().execute(async (trx) => {
        if ((await updatePageSection(trx, id, { ...columns, updated_at: nowIso() })) === 0) return false;
        await replaceProductList(trx, "section", id, products.entries);
        return true;
      });
      return updated ? { ok: true, id, created: false } : refuse(404, "notFound");
    } catch (error) {
      logger.error({ err: error, sectionId: id }, "saving a page section failed");
      return refuse(500, "saveFailed");
    }
  }

  for (let attempt = 1; attempt <= INSERT_ATTEMPTS; attempt++) {
    try {
      const id = await db.transaction().execute(async (trx) => {
        const orders = (await selectSectionOrders(trx, value.pageIdentifier)).map((row) => row.display_order);
        const now = nowIso();
        const sectionId = await insertPageSection(trx, {
          ...columns,
          page_identifier: value.pageIdentifier,
          display_order: nextDisplayOrder(orders),
          created_at: now,
          updated_at: now,
        });
        await replaceProductList(trx, "section", sectionId, products.entries);
        return sectionId;
      });
      return { ok: true, id, created: true };
    } catch (error) {
      if (isUniqueViolation(error) && attempt < INSERT_ATTEMPTS) {
        // Another admin added a section to this page at the same moment: read the orders again.
        await pause(Math.random() * 10 * attempt);
        continue;
      }
      logger.error({ err: error, page: value.pageIdentifier }, "adding a page section failed");
      return refuse(500, "saveFailed");
    }
  }
  return refuse(500, "saveFailed");
}

type MoveResult = { ok: true } | { ok: false; status: 404 | 409 | 500; error: "notFound" | "atEdge" | "moveFailed" };

/** Raised inside a move's transaction when a concurrent change made what it read stale. */
class StaleOrderError extends Error {}

/**
 * Swaps a section's display_order with its neighbour's (up: the one before, down: the one
 * after), none past either end. The swap goes through a temporary order (-1 - id, unique and
 * never a real order) so the unique index holds at every step. A concurrent move that made the
 * orders read stale rolls the transaction back; it is tried once more, then moveFailed.
 */
export async function moveSection(db: Kysely<Database>, id: number, direction: "up" | "down"): Promise<MoveResult> {
  const result = await moveSectionRow(db, id, direction);
  invalidateReferenceData();
  return result;
}

async function moveSectionRow(db: Kysely<Database>, id: number, direction: "up" | "down"): Promise<MoveResult> {
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      return await db.transaction().execute(async (trx): Promise<MoveResult> => {
        const section = await selectPageSection(trx, id);
        if (!section) return { ok: false, status: 404, error: "notFound" };
        const siblings = await selectSectionOrders(trx, section.page_identifier);
        const self = siblings.find((row) => row.id === id);
        const partner = swapPartner(siblings, id, direction);
        if (!self || !partner) return { ok: false, status: 409, error: "atEdge" };
        const temporary = -1 - id;
        const swapped =
          (await setSectionOrder(trx, id, self.display_order, temporary)) &&
          (await setSectionOrder(trx, partner.id, partner.display_order, self.display_order)) &&
          (await setSectionOrder(trx, id, temporary, partner.display_order));
        if (!swapped) throw new StaleOrderError("a section's order changed during the move");
        return { ok: true };
      });
    } catch (error) {
      if (attempt === 1) {
        await pause(Math.random() * 10);
        continue;
      }
      // A concurrent change both times (stale orders, a deadlock) is expected now and then: a warning.
      const expected = error instanceof StaleOrderError || isUniqueViolation(error) || (error as { code?: unknown })?.code === "40P01";
      logger[expected ? "warn" : "error"]({ err: error, sectionId: id, direction }, "moving a page section failed");
    }
  }
  return { ok: false, status: 500, error: "moveFailed" };
}

/** Deletes a section and its product list; the other sections keep their orders. */
export async function deletePageSection(db: Kysely<Database>, id: number): Promise<MerchDeleteResult> {
  try {
    const deleted = await db.transaction().execute((trx) => deletePageSectionRow(trx, id));
    invalidateReferenceData();
    return deleted === 0 ? { ok: false, status: 404, error: "notFound" } : { ok: true };
  } catch (error) {
    logger.error({ err: error, sectionId: id }, "deleting a page section failed");
    return { ok: false, status: 500, error: "deleteFailed" };
  }
}

// ---------------------------------------------------------------------------------------------
// Storefront

const available = (row: ProductCardRow) => toBool(row.in_stock) && row.stock_quantity > 0;

/** The catalogue section a product section falls back to when it has no chosen products. */
const FALLBACK_SECTION: Partial<Record<SectionType, "featured" | "special-offers">> = {
  "featured-products": "featured",
  "special-offers": "special-offers",
};

/**
 * What a page's layout is made of, apart from the products' stock and pictures: its active
 * sections in order, their product lists, the active collections they name and those
 * collections' lists. Four independent queries sent together (one round trip), then kept a few
 * seconds in memory (reference-cache.server.ts; every section, collection and product save
 * invalidates it).
 */
function pageLayoutStructure(db: Kysely<Database>, page: PageIdentifier) {
  return cachedReference(db, `page-layout:${page}`, async () => {
    const [sections, sectionLists, collections, collectionLists] = await Promise.all([
      selectPageSections(db, page, { activeOnly: true }),
      selectProductListsOfPage(db, "section", page),
      selectActiveCollectionsOfPage(db, page),
      selectProductListsOfPage(db, "collection", page),
    ]);
    return { sections: sections.filter((row) => isSectionType(row.section_type)), sectionLists, collections, collectionLists };
  });
}

/**
 * A page's active sections in order, resolved: each one's chosen in-stock products (at most
 * SECTION_PRODUCT_LIMIT, the admin's order); featured-products and special-offers sections with
 * none chosen show the newest in-stock products of the catalogue section of the same name; a
 * section's collection (a slider's products, a banner's or a hero's link) shows only while that
 * collection is active. Titles and subtitles are in `language`, the Arabic ones where the
 * merchant gave no translation. The layout itself comes from memory (pageLayoutStructure); the chosen
 * products with their main image are read in one query, the catalogue sections' newest in
 * another sent at the same time (only when a section needs them).
 */
export async function getPageLayout(db: Kysely<Database>, page: PageIdentifier, language: Language): Promise<StorefrontSection[]> {
  const { sections, sectionLists, collections, collectionLists } = await pageLayoutStructure(db, page);
  if (sections.length === 0) return [];
  const listOf = (lists: Map<number, ListedRow[]>, id: number) => lists.get(id) ?? [];

  const wanted = new Set([
    ...sections.flatMap((row) => listOf(sectionLists, row.id).map((entry) => entry.productId)),
    ...collections.flatMap((row) => listOf(collectionLists, row.id).map((entry) => entry.productId)),
  ]);
  const fallbackIds = [
    ...new Set(
      sections.flatMap((row) => {
        const fallback = FALLBACK_SECTION[row.section_type as SectionType];
        return fallback && listOf(sectionLists, row.id).length === 0 ? [fallback] : [];
      }),
    ),
  ];
  const variantIds = [
    ...sections.flatMap((row) => listOf(sectionLists, row.id)),
    ...collections.flatMap((row) => listOf(collectionLists, row.id)),
  ].flatMap((entry) => (entry.variantId === null ? [] : [entry.variantId]));
  const [productRows, fallbackLists, variantImages] = await Promise.all([
    selectProductCardsByIds(db, [...wanted]),
    fallbackIds.length > 0 ? listSectionsProducts(db, fallbackIds, language) : new Map<"featured" | "special-offers", ProductCardData[]>(),
    variantIds.length > 0 ? variantMainImages(db, variantIds) : new Map<number, ProductImageData>(),
  ]);
  const rowOf = new Map(productRows.filter(available).map((row) => [row.id, row]));
  const inStock = (entries: readonly ListedRow[]) => entries.flatMap((entry) => (rowOf.get(entry.productId) ? [entry] : []));
  const cardOf = new Map<string, ProductCardData>();
  // A product's card is made once; a list pointing at one of its variants shows that variant (cardAtVariant).
  const toCards = (entries: readonly ListedRow[]) =>
    entries.flatMap((entry) => {
      const row = rowOf.get(entry.productId);
      if (!row) return [];
      let card = cardOf.get(row.id);
      if (!card) {
        card = cardRowToCard(row, language);
        cardOf.set(row.id, card);
      }
      const variant = listedVariant({ id: entry.variantId, price: entry.variantPrice, compareAtPrice: entry.variantCompareAtPrice });
      if (!variant) return [card];
      return [cardAtVariant(card, { price: row.price, compareAtPrice: row.compare_at_price }, variant, variantImages.get(variant.id) ?? null)];
    });

  const collectionOf = new Map(collections.map((row) => [row.id, row]));
  return sections.map((row): StorefrontSection => {
    const type = row.section_type as SectionType;
    let products = toCards(inStock(listOf(sectionLists, row.id)).slice(0, SECTION_PRODUCT_LIMIT));
    const fallback = FALLBACK_SECTION[type];
    if (fallback && listOf(sectionLists, row.id).length === 0) {
      products = (fallbackLists.get(fallback) ?? []).slice(0, SECTION_PRODUCT_LIMIT);
    }
    const collectionRow = row.collection_id !== null ? collectionOf.get(row.collection_id) : undefined;
    const rows = collectionRow ? inStock(listOf(collectionLists, collectionRow.id)) : [];
    return {
      id: row.id,
      type,
      title: columnIn(row, "title", language),
      subtitle: columnIn(row, "subtitle", language),
      products,
      collection: collectionRow
        ? { ...toCollectionTeaser(collectionRow, rows.length, language), products: toCards(rows.slice(0, SECTION_PRODUCT_LIMIT)) }
        : null,
    };
  });
}
