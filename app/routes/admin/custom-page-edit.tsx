import { data, redirect } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import type { MerchMessage } from "~/components/admin/MerchAlert";
import { MerchEditPage, type MerchRecord, type MerchRefusal } from "~/components/admin/MerchEditPage";
import { customPagePath, normalizeProductIds, type PickerProduct } from "~/lib/merchandising";
import { customPageValuesFromForm, EMPTY_CUSTOM_PAGE_FORM, type CustomPageFormValues } from "~/lib/merchandising.schema";
import { ADMIN_HEADERS, requireAdmin, requireAdminAction } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/connection.server";
import { deleteCustomPage, getAdminCustomPage, saveCustomPage } from "~/server/merchandising/custom-pages.service.server";
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
import type { Route } from "./+types/custom-page-edit";

/**
 * /admin/custom-pages/new and /admin/custom-pages/:id: the custom page form as a page (decision 0008).
 * ?delete=1 asks to confirm; a save answers 303 to the page with ?saved=1, a delete 303 to the list.
 */
interface LoaderAnswer {
  record: MerchRecord | null;
  values: CustomPageFormValues;
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
  const base = { origin: ctx.origin, confirmDelete: false, flash: false, products: [], values: EMPTY_CUSTOM_PAGE_FORM, record: null };
  if (params.id === undefined) {
    return data<LoaderAnswer>({ ...base, notFound: false, title: ctx.pageTitle(ctx.t("adminMerchandising.customPages.new")) });
  }
  const id = parseRecordId(params.id);
  const found = id === null ? null : await getAdminCustomPage(getDb(), id);
  if (!found) {
    return data<LoaderAnswer>(
      { ...base, notFound: true, title: ctx.pageTitle(ctx.t("adminMerchandising.errors.notFound", { context: "page" })) },
      { status: 404 },
    );
  }
  const { card } = found;
  return data<LoaderAnswer>({
    ...base,
    record: { id: card.id, title: card.title, path: customPagePath(card.slug), image: card.heroImage, isActive: card.isActive },
    values: found.values,
    products: found.products,
    notFound: false,
    confirmDelete: url.searchParams.has("delete"),
    flash: url.searchParams.has("saved"),
    title: ctx.pageTitle(ctx.t("adminMerchandising.customPages.edit")),
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
    const result = await saveCustomPage(db, storage, {
      id,
      fields,
      productIds,
      image: await postedImage(form),
      removeImage: form.get("removeImage") === "on",
    });
    if (result.ok) throw redirect(`/admin/custom-pages/${result.id}?saved=1`, { status: 303, headers: ADMIN_HEADERS });
    return refuse(result.status, result.error, {
      field: result.field ?? null,
      values: customPageValuesFromForm(fields, productIds),
      products: await pickerProductsByIds(db, normalizeProductIds(productIds)),
    });
  }
  if (intent === "delete" && id !== null) {
    const result = await deleteCustomPage(db, storage, id);
    if (result.ok) throw redirect("/admin/custom-pages?deleted=1", { status: 303, headers: ADMIN_HEADERS });
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

export default function CustomPageEdit({ loaderData, actionData }: Route.ComponentProps) {
  return <MerchEditPage kind="custom-pages" {...loaderData} refusal={actionData} />;
}

export { AdminErrorBoundary as ErrorBoundary };
