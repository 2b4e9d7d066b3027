import { data } from "react-router";
import { NotFound } from "~/components/shop/NotFound";
import { requestI18n } from "~/server/i18n.server";
import type { Route } from "./+types/not-found";

/** Any path no other route matches: the translated 404 page, with HTTP status 404. */
export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await requestI18n(request);
  return data({ title: t("notFound.title") }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];

export default function NotFoundRoute() {
  return <NotFound />;
}
