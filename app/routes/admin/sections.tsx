import { data, isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { AdminLoadError } from "~/components/admin/AdminLoadError";
import { TaxonomyAdmin } from "~/components/admin/TaxonomyAdmin";
import { isTaxonomyNotice } from "~/lib/taxonomy";
import { requireAdmin, requireAdminAction } from "~/server/auth/auth.server";
import { handleTaxonomyForm } from "~/server/catalog/taxonomy-form.server";
import { listAdminSections } from "~/server/catalog/taxonomy.service.server";
import { getDb } from "~/server/db/connection.server";
import { requestI18n } from "~/server/i18n.server";
import { shopNameFor } from "~/server/page.server";
import type { Route } from "./+types/sections";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { language, t } = await requestI18n(request);
  const entries = await listAdminSections(getDb());
  const params = new URL(request.url).searchParams;
  const known = (key: string | null) => (key && entries.some((entry) => entry.key === key) ? key : null);
  const notice = params.get("notice");
  return {
    title: t("meta.pageTitle", { page: t("adminInventory.sections.title"), shopName: shopNameFor(language) }),
    entries,
    editing: known(params.get("edit")),
    deleting: known(params.get("delete")),
    notice: isTaxonomyNotice(notice) ? notice : null,
  };
}

/** intent=create | update (names only: the id is fixed) | delete (its products keep no section). */
export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const { t } = await requestI18n(request);
  const result = await handleTaxonomyForm(getDb(), "sections", await request.formData(), t);
  if (result.ok) throw redirect(`/admin/sections?notice=${result.notice}`);
  return data(result.refusal, { status: result.status });
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Sections({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <TaxonomyAdmin
      kind="sections"
      entries={loaderData.entries}
      editing={loaderData.editing}
      deleting={loaderData.deleting}
      notice={actionData ? null : loaderData.notice}
      refusal={actionData}
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // A lost session is the layout's to explain (sign in again).
  if (isRouteErrorResponse(error) && error.status === 401) throw error;
  return <AdminLoadError />;
}
