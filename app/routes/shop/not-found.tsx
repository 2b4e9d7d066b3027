import { data } from "react-router";
import { NotFound } from "~/components/shop/NotFound";
import { canonicalPath, seoMeta } from "~/lib/seo";
import { pageContext } from "~/server/http/page-context.server";
import type { Route } from "./+types/not-found";

/** Any path no other route matches: the translated 404 page, with HTTP status 404. */
export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await pageContext(request);
  return data(
    {
      seo: ctx.seo({
        title: ctx.t("notFound.title"),
        description: ctx.t("notFound.message"),
        path: canonicalPath(new URL(request.url)),
        noindex: true,
      }),
    },
    { status: 404 },
  );
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo) : [{ name: "robots", content: "noindex" }]);

export default function NotFoundRoute() {
  return <NotFound />;
}

/** The same page for every visitor of an address: shared caches may keep it a few seconds (app/server/http/page-headers.server.ts). */
export { publicPageHeaders as headers } from "~/server/http/page-headers.server";
