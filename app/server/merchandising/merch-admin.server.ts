import type { Kysely } from "kysely";
import { collectionPath, customPagePath, type AdminCollectionCard, type AdminCustomPageCard, type PickerProduct } from "~/lib/merchandising";
import type { MerchCardData, MerchKind, MerchRecord, MerchRefusal } from "~/lib/merchandising-admin";
import {
  collectionValuesFromForm,
  customPageValuesFromForm,
  EMPTY_COLLECTION_FORM,
  EMPTY_CUSTOM_PAGE_FORM,
  type CollectionFormValues,
  type CustomPageFormValues,
  type MerchDeleteResult,
  type MerchFormFields,
  type MerchSaveResult,
} from "~/lib/merchandising.schema";
import type { Database } from "../db/database.server";
import type { Storage } from "../storage/index.server";
import { deleteCollection, getAdminCollection, listAdminCollections, saveCollection } from "./collections.service.server";
import { deleteCustomPage, getAdminCustomPage, listAdminCustomPages, saveCustomPage } from "./custom-pages.service.server";
import { MERCH_TEXT_FIELDS, postedImage, postedProductIds, postedVariants, textFields } from "./merch-form.server";
import type { MerchRecordSave } from "./merch-records.server";
import { postedPickerSelection } from "./merch-shared.server";

/**
 * The admin lists and forms of collections and custom pages (/admin/collections,
 * /admin/custom-pages, …/new, …/:id). The two differ only in their service functions and card
 * fields, described once each below; the routes (through app/server/http/merch-admin.server.ts)
 * pass their own.
 */
export interface MerchAdmin<Card, Values> {
  /** Also the admin path segment: /admin/{kind}. */
  kind: MerchKind;
  emptyForm: Values;
  list(db: Kysely<Database>): Promise<Card[]>;
  get(db: Kysely<Database>, id: number): Promise<{ card: Card; values: Values; products: PickerProduct[] } | null>;
  save(db: Kysely<Database>, storage: Storage, input: MerchRecordSave): Promise<MerchSaveResult>;
  remove(db: Kysely<Database>, storage: Storage, id: number): Promise<MerchDeleteResult>;
  /** What a refused save echoes back into the form. */
  valuesFromForm(fields: MerchFormFields, productIds: string[]): Values;
  /** The saved record an edit page shows. */
  record(card: Card): MerchRecord;
  /** A list card. */
  card(card: Card): MerchCardData;
}

export const COLLECTIONS_ADMIN: MerchAdmin<AdminCollectionCard, CollectionFormValues> = {
  kind: "collections",
  emptyForm: EMPTY_COLLECTION_FORM,
  list: listAdminCollections,
  get: getAdminCollection,
  save: saveCollection,
  remove: deleteCollection,
  valuesFromForm: collectionValuesFromForm,
  record: (card) => ({ id: card.id, title: card.title, path: collectionPath(card.slug), image: card.bannerImage, isActive: card.isActive }),
  card: (card) => ({
    id: card.id,
    slug: card.slug,
    title: card.title,
    description: card.description,
    image: card.bannerImage,
    isActive: card.isActive,
    isFeatured: card.isFeatured,
    productCount: card.productCount,
    path: collectionPath(card.slug),
  }),
};

export const CUSTOM_PAGES_ADMIN: MerchAdmin<AdminCustomPageCard, CustomPageFormValues> = {
  kind: "custom-pages",
  emptyForm: EMPTY_CUSTOM_PAGE_FORM,
  list: listAdminCustomPages,
  get: getAdminCustomPage,
  save: saveCustomPage,
  remove: deleteCustomPage,
  valuesFromForm: customPageValuesFromForm,
  record: (card) => ({ id: card.id, title: card.title, path: customPagePath(card.slug), image: card.heroImage, isActive: card.isActive }),
  card: (card) => ({
    id: card.id,
    slug: card.slug,
    title: card.title,
    description: card.description,
    image: card.heroImage,
    isActive: card.isActive,
    isFeatured: false,
    productCount: card.productCount,
    path: customPagePath(card.slug),
  }),
};

// ---------------------------------------------------------------------------------------------
// Saving and deleting from the admin form

/** A refused save, with what the form echoes back (the typed values and the chosen products). */
export type MerchFormSaveResult = { ok: true; id: number } | ({ ok: false; status: number } & MerchRefusal);

/**
 * Saves the posted collection or page form (the contract's field names; multipart with an
 * optional `image`): `id` null creates. A refusal echoes the posted values and the chosen
 * products back into the form.
 */
export async function saveMerchForm<Card, Values extends CollectionFormValues | CustomPageFormValues>(
  admin: MerchAdmin<Card, Values>,
  db: Kysely<Database>,
  storage: Storage,
  id: number | null,
  form: FormData,
): Promise<MerchFormSaveResult> {
  const fields = textFields(form, MERCH_TEXT_FIELDS);
  const productIds = postedProductIds(form);
  const variants = postedVariants(form);
  const result = await admin.save(db, storage, {
    id,
    fields,
    productIds,
    variants,
    image: await postedImage(form),
    removeImage: form.get("removeImage") === "on",
  });
  if (result.ok) return { ok: true, id: result.id };
  return {
    ok: false,
    status: result.status,
    error: result.error,
    field: result.field ?? null,
    values: admin.valuesFromForm(fields, productIds),
    products: await postedPickerSelection(db, productIds, variants),
  };
}
