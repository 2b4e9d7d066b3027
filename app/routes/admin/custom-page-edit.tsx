import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import { MerchEditPage } from "~/components/admin/MerchEditPage";
import { adminPageHeaders } from "~/server/http/admin-session.server";
import { CUSTOM_PAGES_ADMIN } from "~/server/merchandising/index.server";
import { merchEditAction, merchEditLoader } from "~/server/http/merch-admin.server";
import type { Route } from "./+types/custom-page-edit";

/**
 * /admin/custom-pages/new and /admin/custom-pages/:id: the custom page form as a page (decision 0008).
 * ?delete=1 asks to confirm; a save answers 303 to the page with ?saved=1, a delete 303 to the list.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return merchEditLoader(CUSTOM_PAGES_ADMIN, request, params.id);
}

/** intent=save (multipart, the contract's field names) or intent=delete. */
export async function action({ request, params }: Route.ActionArgs) {
  return merchEditAction(CUSTOM_PAGES_ADMIN, request, params.id);
}

export const headers: Route.HeadersFunction = adminPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex, nofollow" }];

export default function CustomPageEdit({ loaderData, actionData }: Route.ComponentProps) {
  return <MerchEditPage kind="custom-pages" {...loaderData} refusal={actionData} />;
}

export { AdminErrorBoundary as ErrorBoundary };
