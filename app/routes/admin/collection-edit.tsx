import { data, redirect } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import type { MerchMessage } from "~/components/admin/MerchAlert";
import { MerchEditPage, type MerchRecord, type MerchRefusal } from "~/components/admin/MerchEditPage";
import { collectionPath, normalizeProductIds, type PickerProduct } from "~/lib/merchandising";
import { collectionValuesFromForm, EMPTY_COLLECTION_FORM, type CollectionFormValues } from "~/lib/merchandising.schema";
import { ADMIN_HEADERS, requireAdmin, requireAdminAction } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/connection.server";
import { deleteCollection, getAdminCollection, saveCollection } from "~/server/merchandising/collections.service.server";
import { pickerProductsByIds } from "~/server/merchandising/picker.service.server";
import { pageContext } from "~/server/page.server";
import { getStorage } from "~/server/storage/storage.server";
import {
  MERCH_IMAGE_FORM_BYTES,
  MERCH_TEXT_FIELDS,
  parseRecordId,
  postedImage,
  postedProductIds,
  readMerchForm,
  textFields,
} from "~/server/merchandising/merch-form.server";
import type { Route } from "./+types/collection-edit";

/**
 * /admin/collections/new and /admin/collections/:id: the collection form as a page (decision 0008).
 * ?delete=1 asks to confirm; a save answers 303 to the collection with ?saved=1, a delete 303 to the list.
 */
interface LoaderAnswer {
  record: MerchRecord | null;
  values: CollectionFormValues;
  products: PickerProduct[];
  notFound: boolean;
  confirmDelete: boolean;
  flash: boolean;
  origin: string;
  title: string;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const ctx = await pageContext(request);
  const url = new URL(request.url);
  const base = { origin: ctx.origin, confirmDelete: false, flash: false, products: [], values: EMPTY_COLLECTION_FORM, record: null };
  if (params.id === undefined) {
    return data<LoaderAnswer>({ ...base, notFound: false, title: ctx.pageTitle(ctx.t("adminMerchandising.collections.new")) });
  }
  const id = parseRecordId(params.id);
  const found = id === null ? null : await getAdminCollection(getDb(), id);
  if (!found) {
    return data<LoaderAnswer>(
      { ...base, notFound: true, title: ctx.pageTitle(ctx.t("adminMerchandising.errors.notFound", { context: "collection" })) },
      { status: 404 },
    );
  }
  const { card } = found;
  return data<LoaderAnswer>({
    ...base,
    record: { id: card.id, title: card.title, path: collectionPath(card.slug), image: card.bannerImage, isActive: card.isActive },
    values: found.values,
    products: found.products,
    notFound: false,
    confirmDelete: url.searchParams.has("delete"),
    flash: url.searchParams.has("saved"),
    title: ctx.pageTitle(ctx.t("adminMerchandising.collections.edit")),
  });
}

function refuse(status: number, error: MerchMessage, rest: Partial<MerchRefusal> = {}) {
  return data<MerchRefusal>({ error, field: null, values: null, products: null, ...rest }, { status, headers: ADMIN_HEADERS });
}

/** intent=save (multipart, the contract's field names) or intent=delete. */
export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminAction(request);
  const read = await readMerchForm(request, MERCH_IMAGE_FORM_BYTES);
  if (!read.ok) return refuse(read.status, read.error);
  const { form } = read;
  const db = getDb();
  const storage = getStorage();
  const id = params.id === undefined ? null : parseRecordId(params.id);
  if (params.id !== undefined && id === null) return refuse(404, "notFound");
  const intent = form.get("intent");

  if (intent === "save") {
    const fields = textFields(form, MERCH_TEXT_FIELDS);
    const productIds = postedProductIds(form);
    const result = await saveCollection(db, storage, {
      id,
      fields,
      productIds,
      image: await postedImage(form),
      removeImage: form.get("removeImage") === "on",
    });
    if (result.ok) throw redirect(`/admin/collections/${result.id}?saved=1`, { status: 303, headers: ADMIN_HEADERS });
    return refuse(result.status, result.error, {
      field: result.field ?? null,
      values: collectionValuesFromForm(fields, productIds),
      products: await pickerProductsByIds(db, normalizeProductIds(productIds)),
    });
  }
  if (intent === "delete" && id !== null) {
    const result = await deleteCollection(db, storage, id);
    if (result.ok) throw redirect("/admin/collections?deleted=1", { status: 303, headers: ADMIN_HEADERS });
    return refuse(result.status, result.error);
  }
  return refuse(400, "saveFailed");
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const merged = new Headers(ADMIN_HEADERS);
  for (const cookie of [...loaderHeaders.getSetCookie(), ...actionHeaders.getSetCookie()]) merged.append("Set-Cookie", cookie);
  return merged;
};

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? "" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function CollectionEdit({ loaderData, actionData }: Route.ComponentProps) {
  return <MerchEditPage kind="collections" {...loaderData} refusal={actionData} />;
}

export { AdminErrorBoundary as ErrorBoundary };
