import { data } from "react-router";
import { NotFound } from "~/components/shop/NotFound";
import { canonicalPath, seoMeta } from "~/lib/seo";
import { env } from "~/server/env.server";
import { requestI18n } from "~/server/i18n.server";
import { publicOrigin } from "~/server/seo/origin.server";
import type { Route } from "./+types/not-found";

/** Any path no other route matches: the translated 404 page, with HTTP status 404. */
export async function loader({ request }: Route.LoaderArgs) {
  const { language, t } = await requestI18n(request);
  const config = env();
  return data(
    {
      seo: {
        title: t("notFound.title"),
        description: t("notFound.message"),
        origin: publicOrigin(request),
        path: canonicalPath(new URL(request.url)),
        language,
        shopName: language === "ar" ? config.SHOP_NAME_AR : config.SHOP_NAME,
        noindex: true,
      },
    },
    { status: 404 },
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta(data.seo) : [{ name: "robots", content: "noindex" }];

export default function NotFoundRoute() {
  return <NotFound />;
}
