import { data, redirect } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import { TaxonomyAdmin } from "~/components/admin/TaxonomyAdmin";
import { isTaxonomyNotice } from "~/lib/taxonomy";
import { requireAdmin, requireAdminAction } from "~/server/http/admin-session.server";
import { handleTaxonomyForm, listAdminCategories, listAdminSections } from "~/server/catalog/index.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { pageContext } from "~/server/http/page-context.server";
import { getDb } from "~/server/db/connection.server";
import type { Route } from "./+types/taxonomy";

/**
 * /admin/categories and /admin/sections: one module, two kinds. Categories are
 * keyed by a fixed slug and can only be deleted by reassigning their products;
 * sections by a fixed id, and their products keep no section when one is deleted.
 */
type Kind = "categories" | "sections";

function kindOf(request: Request): Kind {
  return new URL(request.url).pathname.replace(/\/+$/, "").endsWith("/sections") ? "sections" : "categories";
}

const listers = { categories: listAdminCategories, sections: listAdminSections } as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "catalogue");
  const kind = kindOf(request);
  const ctx = await pageContext(request);
  const { t } = ctx;
  const entries = await listers[kind](getDb());
  const params = new URL(request.url).searchParams;
  const known = (key: string | null) => (key && entries.some((entry) => entry.key === key) ? key : null);
  const notice = params.get("notice");
  return {
    kind,
    title: ctx.pageTitle(t(`adminInventory.${kind}.title`)),
    entries,
    editing: known(params.get("edit")),
    deleting: known(params.get("delete")),
    notice: isTaxonomyNotice(notice) ? notice : null,
  };
}

/** intent=create | update (names only: the key is fixed) | delete. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request, "catalogue");
  const kind = kindOf(request);
  const { t } = await requestI18n(request);
  const result = await handleTaxonomyForm(getDb(), kind, await request.formData(), t);
  if (result.ok) throw redirect(`/admin/${kind}?notice=${result.notice}`);
  return data(result.refusal, { status: result.status });
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex, nofollow" }];

export default function Taxonomy({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <TaxonomyAdmin
      kind={loaderData.kind}
      entries={loaderData.entries}
      editing={loaderData.editing}
      deleting={loaderData.deleting}
      notice={actionData ? null : loaderData.notice}
      refusal={actionData}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary };
