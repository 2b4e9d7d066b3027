import { data, redirect } from "react-router";
import type { MerchKind, MerchMessage, MerchRecord, MerchRefusal } from "~/lib/merchandising-admin";
import type { CollectionFormValues, CustomPageFormValues } from "~/lib/merchandising.schema";
import type { PickerProduct } from "~/lib/merchandising";
import { getDb } from "../db/connection.server";
import { MERCH_IMAGE_FORM_BYTES, MERCH_TEXT_FORM_BYTES, parseRecordId, saveMerchForm, type MerchAdmin } from "../merchandising/index.server";
import { getStorage } from "../storage/index.server";
import { ADMIN_HEADERS, requireAdmin, requireAdminAction } from "./admin-session.server";
import { BodyTooLargeError, readFormWithin } from "./form-body.server";
import { pageContext } from "./page-context.server";

/**
 * The loaders and actions of the admin lists and forms of collections and custom pages
 * (/admin/collections, /admin/custom-pages, …/new, …/:id): each route passes its kind's
 * MerchAdmin (the merchandising domain's functions) and these answer in HTTP.
 */

/** The page titles of each kind, and the context of adminMerchandising.errors.notFound. */
const TITLES = {
  collections: {
    list: "adminMerchandising.collections.title",
    new: "adminMerchandising.collections.new",
    edit: "adminMerchandising.collections.edit",
    notFound: "collection",
  },
  "custom-pages": {
    list: "adminMerchandising.customPages.title",
    new: "adminMerchandising.customPages.new",
    edit: "adminMerchandising.customPages.edit",
    notFound: "page",
  },
} as const satisfies Record<MerchKind, object>;

export type MerchFormRead = { ok: true; form: FormData } | { ok: false; status: 400 | 413; error: "bodyTooLarge" | "saveFailed" };

/** An admin merchandising form read within `maxBytes`: 413 `bodyTooLarge` over it, 400 `saveFailed` when unreadable. */
export async function readMerchForm(request: Request, maxBytes: number): Promise<MerchFormRead> {
  try {
    return { ok: true, form: await readFormWithin(request, maxBytes) };
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { ok: false, status: 413, error: "bodyTooLarge" };
    return { ok: false, status: 400, error: "saveFailed" };
  }
}

// ---------------------------------------------------------------------------------------------
// The list: the cards; ?delete=ID asks to confirm; ?saved / ?deleted flash

export async function merchListLoader<Card>(admin: MerchAdmin<Card, unknown>, request: Request) {
  await requireAdmin(request, "merchandising");
  const ctx = await pageContext(request);
  const cards = (await admin.list(getDb())).map(admin.card);
  const params = new URL(request.url).searchParams;
  const deleting = parseRecordId(params.get("delete"));
  return data({
    cards,
    origin: ctx.origin,
    deletingId: cards.some((card) => card.id === deleting) ? deleting : null,
    flash: params.has("deleted") ? ("deleted" as const) : params.has("saved") ? ("saved" as const) : null,
    title: ctx.pageTitle(ctx.t(TITLES[admin.kind].list)),
  });
}

/** intent=delete with the record's id: 303 back to the list with ?deleted, else the refusal. */
export async function merchListAction<Card>(admin: MerchAdmin<Card, unknown>, request: Request) {
  await requireAdminAction(request, "merchandising");
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
  await requireAdmin(request, "merchandising");
  const ctx = await pageContext(request);
  const titles = TITLES[admin.kind];
  const url = new URL(request.url);
  const base = { origin: ctx.origin, confirmDelete: false, flash: false, products: [], values: admin.emptyForm, record: null };
  if (idParam === undefined) {
    return data<MerchEditLoaderAnswer<Values>>({ ...base, notFound: false, title: ctx.pageTitle(ctx.t(titles.new)) });
  }
  const id = parseRecordId(idParam);
  const found = id === null ? null : await admin.get(getDb(), id);
  if (!found) {
    return data<MerchEditLoaderAnswer<Values>>(
      { ...base, notFound: true, title: ctx.pageTitle(ctx.t("adminMerchandising.errors.notFound", { context: titles.notFound })) },
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
    title: ctx.pageTitle(ctx.t(titles.edit)),
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
  await requireAdminAction(request, "merchandising");
  const read = await readMerchForm(request, MERCH_IMAGE_FORM_BYTES);
  if (!read.ok) return refuse(read.status, read.error);
  const { form } = read;
  const db = getDb();
  const storage = getStorage();
  const id = idParam === undefined ? null : parseRecordId(idParam);
  if (idParam !== undefined && id === null) return refuse(404, "notFound");
  const intent = form.get("intent");

  if (intent === "save") {
    const result = await saveMerchForm(admin, db, storage, id, form);
    if (result.ok) throw redirect(`/admin/${admin.kind}/${result.id}?saved=1`, { status: 303, headers: ADMIN_HEADERS });
    const { error, field, values, products } = result;
    return refuse(result.status, error, { field, values, products });
  }
  if (intent === "delete" && id !== null) {
    const result = await admin.remove(db, storage, id);
    if (result.ok) throw redirect(`/admin/${admin.kind}?deleted=1`, { status: 303, headers: ADMIN_HEADERS });
    return refuse(result.status, result.error);
  }
  return refuse(400, "saveFailed");
}
