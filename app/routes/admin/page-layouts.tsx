import { data, redirect } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import { PageLayoutsAdmin, type LayoutNotice, type LayoutRefusal } from "~/components/admin/PageLayoutsAdmin";
import { isPageIdentifier, type AdminPageSection, type PageIdentifier } from "~/lib/merchandising";
import { emptySectionForm, sectionValuesFromForm, type SectionFormValues } from "~/lib/merchandising.schema";
import { ADMIN_HEADERS, adminPageHeaders, requireAdmin, requireAdminAction } from "~/server/http/admin-session.server";
import {
  deletePageSection,
  listAdminPageSections,
  listCollectionOptions,
  MERCH_TEXT_FORM_BYTES,
  moveSection,
  parseRecordId,
  pickerSelection,
  postedPickerSelection,
  postedProductIds,
  postedVariants,
  saveSection,
  SECTION_TEXT_FIELDS,
  textFields,
} from "~/server/merchandising/index.server";
import { pageContext } from "~/server/http/page-context.server";
import { readMerchForm } from "~/server/http/merch-admin.server";
import { getDb } from "~/server/db/connection.server";
import type { Route } from "./+types/page-layouts";

/**
 * /admin/page-layouts?page=home|categories|games|school-supplies.
 * ?edit=ID puts that section in the form, ?delete=ID asks to confirm; every post answers 303 to
 * the page's layout with ?notice=saved|deleted|moved, or the refusal.
 */
function pageOf(value: string | null | undefined): PageIdentifier {
  return isPageIdentifier(value) ? value : "home";
}

function valuesOf(section: AdminPageSection): SectionFormValues {
  return {
    pageIdentifier: section.pageIdentifier,
    sectionType: section.type,
    title: section.title,
    subtitle: section.subtitle ?? "",
    titleEn: section.titleEn ?? "",
    titleFr: section.titleFr ?? "",
    subtitleEn: section.subtitleEn ?? "",
    subtitleFr: section.subtitleFr ?? "",
    collectionId: section.collectionId === null ? "" : String(section.collectionId),
    isActive: section.isActive,
    productIds: section.productIds,
  };
}

const NOTICES: readonly LayoutNotice[] = ["saved", "deleted", "moved"];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "merchandising");
  const ctx = await pageContext(request);
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const page = pageOf(params.get("page"));
  const [sections, collections] = await Promise.all([listAdminPageSections(db, page), listCollectionOptions(db)]);
  const find = (name: string) => {
    const id = parseRecordId(params.get(name));
    return sections.find((section) => section.id === id) ?? null;
  };
  const edited = find("edit");
  const notice = params.get("notice");
  return data({
    page,
    sections,
    collections,
    editing: edited ? { id: edited.id, values: valuesOf(edited), products: await pickerSelection(db, edited.listed) } : null,
    newValues: emptySectionForm(page),
    deletingId: find("delete")?.id ?? null,
    notice: NOTICES.find((known) => known === notice) ?? null,
    title: ctx.pageTitle(ctx.t("adminMerchandising.layouts.title")),
  });
}

function refuse(status: number, refusal: Pick<LayoutRefusal, "intent" | "id" | "error"> & Partial<LayoutRefusal>) {
  return data<LayoutRefusal>({ field: null, values: null, products: null, ...refusal }, { status, headers: ADMIN_HEADERS });
}

const done = (page: PageIdentifier, notice: LayoutNotice) =>
  redirect(`/admin/page-layouts?page=${page}&notice=${notice}`, { status: 303, headers: ADMIN_HEADERS });

/** intent=save | move | delete (urlencoded, the contract's field names). */
export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request, "merchandising");
  const urlPage = pageOf(new URL(request.url).searchParams.get("page"));
  const read = await readMerchForm(request, MERCH_TEXT_FORM_BYTES);
  if (!read.ok) return refuse(read.status, { intent: "save", id: null, error: read.error === "bodyTooLarge" ? "tooLong" : "saveFailed" });
  const { form } = read;
  const db = getDb();
  const intent = form.get("intent");
  const id = parseRecordId(form.get("id"));

  if (intent === "save") {
    const fields = textFields(form, SECTION_TEXT_FIELDS);
    const productIds = postedProductIds(form);
    const variants = postedVariants(form);
    const result = await saveSection(db, { id, fields, productIds, variants });
    if (result.ok) throw done(pageOf(fields.pageIdentifier ?? urlPage), "saved");
    return refuse(result.status, {
      intent: "save",
      id,
      error: result.error,
      field: result.field ?? null,
      values: sectionValuesFromForm(fields, productIds, urlPage),
      products: await postedPickerSelection(db, productIds, variants),
    });
  }
  if (intent === "move" && id !== null) {
    const direction = form.get("direction");
    if (direction !== "up" && direction !== "down") return refuse(400, { intent: "move", id, error: "moveFailed" });
    const result = await moveSection(db, id, direction);
    if (result.ok) throw done(urlPage, "moved");
    return refuse(result.status, { intent: "move", id, error: result.error === "notFound" ? "notFound" : "moveFailed" });
  }
  if (intent === "delete" && id !== null) {
    const result = await deletePageSection(db, id);
    if (result.ok) throw done(urlPage, "deleted");
    return refuse(result.status, { intent: "delete", id, error: result.error });
  }
  return refuse(400, { intent: "save", id, error: "saveFailed" });
}

export const headers: Route.HeadersFunction = adminPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex, nofollow" }];

export default function PageLayouts({ loaderData, actionData }: Route.ComponentProps) {
  return <PageLayoutsAdmin {...loaderData} refusal={actionData} />;
}

export { AdminErrorBoundary as ErrorBoundary };
