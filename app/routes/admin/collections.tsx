import { data, redirect } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import { MerchCardGrid, type MerchCardData } from "~/components/admin/MerchCardGrid";
import type { MerchMessage } from "~/components/admin/MerchAlert";
import { collectionPath, type AdminCollectionCard } from "~/lib/merchandising";
import { ADMIN_HEADERS, requireAdmin, requireAdminAction } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/connection.server";
import { deleteCollection, listAdminCollections } from "~/server/merchandising/collections.service.server";
import { pageContext } from "~/server/page.server";
import { getStorage } from "~/server/storage/storage.server";
import { MERCH_TEXT_FORM_BYTES, parseRecordId, readMerchForm } from "~/server/merchandising/merch-form.server";
import type { Route } from "./+types/collections";

/** /admin/collections (إدارة المجموعات): the cards; ?delete=ID asks to confirm; ?saved / ?deleted flash. */
function cardOf(card: AdminCollectionCard): MerchCardData {
  return {
    id: card.id,
    slug: card.slug,
    title: card.title,
    description: card.description,
    image: card.bannerImage,
    isActive: card.isActive,
    isFeatured: card.isFeatured,
    productCount: card.productCount,
    path: collectionPath(card.slug),
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const ctx = await pageContext(request);
  const cards = (await listAdminCollections(getDb())).map(cardOf);
  const params = new URL(request.url).searchParams;
  const deleting = parseRecordId(params.get("delete"));
  return data({
    cards,
    origin: ctx.origin,
    deletingId: cards.some((card) => card.id === deleting) ? deleting : null,
    flash: params.has("deleted") ? ("deleted" as const) : params.has("saved") ? ("saved" as const) : null,
    title: ctx.pageTitle(ctx.t("adminMerchandising.collections.title")),
  });
}

/** intent=delete with the collection's id: 303 back to the list with ?deleted, else the refusal. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const read = await readMerchForm(request, MERCH_TEXT_FORM_BYTES);
  if (!read.ok) return data<{ error: MerchMessage }>({ error: "deleteFailed" }, { status: read.status, headers: ADMIN_HEADERS });
  const id = parseRecordId(read.form.get("id"));
  if (read.form.get("intent") !== "delete" || id === null) {
    return data<{ error: MerchMessage }>({ error: "deleteFailed" }, { status: 400, headers: ADMIN_HEADERS });
  }
  const result = await deleteCollection(getDb(), getStorage(), id);
  if (result.ok) throw redirect("/admin/collections?deleted=1", { status: 303, headers: ADMIN_HEADERS });
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

export default function AdminCollections({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <MerchCardGrid
      kind="collections"
      cards={loaderData.cards}
      origin={loaderData.origin}
      deletingId={loaderData.deletingId}
      flash={actionData ? null : loaderData.flash}
      deleteError={actionData?.error ?? null}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary };
