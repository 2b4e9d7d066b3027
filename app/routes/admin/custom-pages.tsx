import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import { MerchCardGrid } from "~/components/admin/MerchCardGrid";
import { adminPageHeaders } from "~/server/http/admin-session.server";
import { CUSTOM_PAGES_ADMIN } from "~/server/merchandising/index.server";
import { merchListAction, merchListLoader } from "~/server/http/merch-admin.server";
import type { Route } from "./+types/custom-pages";

/** /admin/custom-pages: the cards; ?delete=ID asks to confirm; ?saved / ?deleted flash. */
export async function loader({ request }: Route.LoaderArgs) {
  return merchListLoader(CUSTOM_PAGES_ADMIN, request);
}

/** intent=delete with the page's id: 303 back to the list with ?deleted, else the refusal. */
export async function action({ request }: Route.ActionArgs) {
  return merchListAction(CUSTOM_PAGES_ADMIN, request);
}

export const headers: Route.HeadersFunction = adminPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex, nofollow" }];

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
