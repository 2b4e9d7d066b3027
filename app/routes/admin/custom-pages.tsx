import { data, redirect } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import { MerchCardGrid, type MerchCardData } from "~/components/admin/MerchCardGrid";
import type { MerchMessage } from "~/components/admin/MerchAlert";
import { customPagePath, type AdminCustomPageCard } from "~/lib/merchandising";
import { ADMIN_HEADERS, requireAdmin, requireAdminAction } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/connection.server";
import { deleteCustomPage, listAdminCustomPages } from "~/server/merchandising/custom-pages.service.server";
import { pageContext } from "~/server/page.server";
import { getStorage } from "~/server/storage/storage.server";
import { MERCH_TEXT_FORM_BYTES, parseRecordId, readMerchForm } from "~/server/merchandising/merch-form.server";
import type { Route } from "./+types/custom-pages";

/** /admin/custom-pages (إدارة الصفحات المخصصة): the cards; ?delete=ID asks to confirm; ?saved / ?deleted flash. */
function cardOf(card: AdminCustomPageCard): MerchCardData {
  return {
    id: card.id,
    slug: card.slug,
    title: card.title,
    description: card.description,
    image: card.heroImage,
    isActive: card.isActive,
    isFeatured: false,
    productCount: card.productCount,
    path: customPagePath(card.slug),
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const ctx = await pageContext(request);
  const cards = (await listAdminCustomPages(getDb())).map(cardOf);
  const params = new URL(request.url).searchParams;
  const deleting = parseRecordId(params.get("delete"));
  return data({
    cards,
    origin: ctx.origin,
    deletingId: cards.some((card) => card.id === deleting) ? deleting : null,
    flash: params.has("deleted") ? ("deleted" as const) : params.has("saved") ? ("saved" as const) : null,
    title: ctx.pageTitle(ctx.t("adminMerchandising.customPages.title")),
  });
}

/** intent=delete with the page's id: 303 back to the list with ?deleted, else the refusal. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const read = await readMerchForm(request, MERCH_TEXT_FORM_BYTES);
  if (!read.ok) return data<{ error: MerchMessage }>({ error: "deleteFailed" }, { status: read.status, headers: ADMIN_HEADERS });
  const id = parseRecordId(read.form.get("id"));
  if (read.form.get("intent") !== "delete" || id === null) {
    return data<{ error: MerchMessage }>({ error: "deleteFailed" }, { status: 400, headers: ADMIN_HEADERS });
  }
  const result = await deleteCustomPage(getDb(), getStorage(), id);
  if (result.ok) throw redirect("/admin/custom-pages?deleted=1", { status: 303, headers: ADMIN_HEADERS });
  return data<{ error: MerchMessage }>({ error: result.error }, { status: result.status, headers: ADMIN_HEADERS });
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

export default function AdminCustomPages({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <MerchCardGrid
      kind="custom-pages"
      cards={loaderData.cards}
      origin={loaderData.origin}
      deletingId={loaderData.deletingId}
      flash={actionData ? null : loaderData.flash}
      deleteError={actionData?.error ?? null}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary };
