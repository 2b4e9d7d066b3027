import type { Kysely } from "kysely";
import { data, redirect } from "react-router";
import type { MerchMessage } from "~/components/admin/MerchAlert";
import type { MerchCardData, MerchKind } from "~/components/admin/MerchCardGrid";
import type { MerchRecord, MerchRefusal } from "~/components/admin/MerchEditPage";
import {
  collectionPath,
  customPagePath,
  normalizeProductIds,
  type AdminCollectionCard,
  type AdminCustomPageCard,
  type PickerProduct,
} from "~/lib/merchandising";
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
import { ADMIN_HEADERS, requireAdmin, requireAdminAction } from "../auth/auth.server";
import { getDb } from "../db/connection.server";
import type { Database } from "../db/database.server";
import { pageContext } from "../page.server";
import { getStorage, type Storage } from "../storage/storage.server";
import { deleteCollection, getAdminCollection, listAdminCollections, saveCollection } from "./collections.service.server";
import { deleteCustomPage, getAdminCustomPage, listAdminCustomPages, saveCustomPage } from "./custom-pages.service.server";
import type { MerchRecordSave } from "./merch-records.server";
import {
  MERCH_IMAGE_FORM_BYTES,
  MERCH_TEXT_FIELDS,
  MERCH_TEXT_FORM_BYTES,
  parseRecordId,
  postedImage,
  postedProductIds,
  readMerchForm,
  textFields,
} from "./merch-form.server";
import { pickerProductsByIds } from "./picker.service.server";

/**
 * The loaders and actions of the admin lists and forms of collections and custom pages
 * (/admin/collections, /admin/custom-pages, …/new, …/:id). The two differ only in their service
 * functions, texts and card fields, described once each below; each route passes its own.
 */
export interface MerchAdmin<Card, Values> {
  /** Also the admin path segment: /admin/{kind}. */
  kind: MerchKind;
  titles: {
    list: "adminMerchandising.collections.title" | "adminMerchandising.customPages.title";
    new: "adminMerchandising.collections.new" | "adminMerchandising.customPages.new";
    edit: "adminMerchandising.collections.edit" | "adminMerchandising.customPages.edit";
    /** The context of adminMerchandising.errors.notFound. */
    notFound: "collection" | "page";
  };
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
  titles: {
    list: "adminMerchandising.collections.title",
    new: "adminMerchandising.collections.new",
    edit: "adminMerchandising.collections.edit",
    notFound: "collection",
  },
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
  titles: {
    list: "adminMerchandising.customPages.title",
    new: "adminMerchandising.customPages.new",
    edit: "adminMerchandising.customPages.edit",
    notFound: "page",
  },
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
// The list: the cards; ?delete=ID asks to confirm; ?saved / ?deleted flash

export async function merchListLoader<Card>(admin: MerchAdmin<Card, unknown>, request: Request) {
  await requireAdmin(request);
  const ctx = await pageContext(request);
  const cards = (await admin.list(getDb())).map(admin.card);
  const params = new URL(request.url).searchParams;
  const deleting = parseRecordId(params.get("delete"));
  return data({
    cards,
    origin: ctx.origin,
    deletingId: cards.some((card) => card.id === deleting) ? deleting : null,
    flash: params.has("deleted") ? ("deleted" as const) : params.has("saved") ? ("saved" as const) : null,
    title: ctx.pageTitle(ctx.t(admin.titles.list)),
  });
}

/** intent=delete with the record's id: 303 back to the list with ?deleted, else the refusal. */
export async function merchListAction<Card>(admin: MerchAdmin<Card, unknown>, request: Request) {
  await requireAdminAction(request);
  const read = await readMerchForm(request, MERCH_TEXT_FORM_BYTES);
  if (!read.ok) return data<{ error: MerchMessage }>({ error: "deleteFailed" }, { status: read.status, headers: ADMIN_HEADERS });
  const id = parseRecordId(read.form.get("id"));
  if (read.form.get("intent") !== "delete" || id === null) {
    return data<{ error: MerchMessage }>({ error: "deleteFailed" }, { status: 400, headers: ADMIN_HEADERS });
  }
  const result = await admin.remove(getDb(), getStorage(), id);
  if (result.ok) throw redirect(`/admin/${admin.kind}?deleted=1`, { status: 303, headers: ADMIN_HEADERS });
  return data<{ error: MerchMessage }>({ error: result.error }, { status: result.status, headers: ADMIN_HEADERS });
}

// ---------------------------------------------------------------------------------------------
// The form as a page (decision 0008): ?delete=1 asks to confirm; a save answers 303 to the record
// with ?saved=1, a delete 303 to the list

export interface MerchEditLoaderAnswer<Values> {
  record: MerchRecord | null;
  values: Values;
  products: PickerProduct[];
  notFound: boolean;
  confirmDelete: boolean;
  flash: boolean;
  origin: string;
  title: string;
}

/** `idParam`: the route's :id, undefined on …/new. */
export async function merchEditLoader<Card, Values>(admin: MerchAdmin<Card, Values>, request: Request, idParam: string | undefined) {
  await requireAdmin(request);
  const ctx = await pageContext(request);
  const url = new URL(request.url);
  const base = { origin: ctx.origin, confirmDelete: false, flash: false, products: [], values: admin.emptyForm, record: null };
  if (idParam === undefined) {
    return data<MerchEditLoaderAnswer<Values>>({ ...base, notFound: false, title: ctx.pageTitle(ctx.t(admin.titles.new)) });
  }
  const id = parseRecordId(idParam);
  const found = id === null ? null : await admin.get(getDb(), id);
  if (!found) {
    return data<MerchEditLoaderAnswer<Values>>(
      { ...base, notFound: true, title: ctx.pageTitle(ctx.t("adminMerchandising.errors.notFound", { context: admin.titles.notFound })) },
      { status: 404 },
    );
  }
  return data<MerchEditLoaderAnswer<Values>>({
    ...base,
    record: admin.record(found.card),
    values: found.values,
    products: found.products,
    notFound: false,
    confirmDelete: url.searchParams.has("delete"),
    flash: url.searchParams.has("saved"),
    title: ctx.pageTitle(ctx.t(admin.titles.edit)),
  });
}

function refuse(status: number, error: MerchMessage, rest: Partial<MerchRefusal> = {}) {
  return data<MerchRefusal>({ error, field: null, values: null, products: null, ...rest }, { status, headers: ADMIN_HEADERS });
}

/** intent=save (multipart, the contract's field names) or intent=delete. `idParam`: as for the loader. */
export async function merchEditAction<Card, Values extends CollectionFormValues | CustomPageFormValues>(
  admin: MerchAdmin<Card, Values>,
  request: Request,
  idParam: string | undefined,
) {
  await requireAdminAction(request);
  const read = await readMerchForm(request, MERCH_IMAGE_FORM_BYTES);
  if (!read.ok) return refuse(read.status, read.error);
  const { form } = read;
  const db = getDb();
  const storage = getStorage();
  const id = idParam === undefined ? null : parseRecordId(idParam);
  if (idParam !== undefined && id === null) return refuse(404, "notFound");
  const intent = form.get("intent");

  if (intent === "save") {
    const fields = textFields(form, MERCH_TEXT_FIELDS);
    const productIds = postedProductIds(form);
    const result = await admin.save(db, storage, {
      id,
      fields,
      productIds,
      image: await postedImage(form),
      removeImage: form.get("removeImage") === "on",
    });
    if (result.ok) throw redirect(`/admin/${admin.kind}/${result.id}?saved=1`, { status: 303, headers: ADMIN_HEADERS });
    return refuse(result.status, result.error, {
      field: result.field ?? null,
      values: admin.valuesFromForm(fields, productIds),
      products: await pickerProductsByIds(db, normalizeProductIds(productIds)),
    });
  }
  if (intent === "delete" && id !== null) {
    const result = await admin.remove(db, storage, id);
    if (result.ok) throw redirect(`/admin/${admin.kind}?deleted=1`, { status: 303, headers: ADMIN_HEADERS });
    return refuse(result.status, result.error);
  }
  return refuse(400, "saveFailed");
}
