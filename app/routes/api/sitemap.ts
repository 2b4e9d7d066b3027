import { getDb } from "~/server/db/connection.server";
import { publicOrigin } from "~/server/http/public-origin.server";
import { renderSitemap, sitemapEntries } from "~/server/seo/index.server";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml: every public page with its hreflang alternates (app/server/seo/sitemap.server.ts). */
export async function loader({ request }: Route.LoaderArgs) {
  const xml = renderSitemap(publicOrigin(request), await sitemapEntries(getDb()));
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
