import { publicOrigin } from "~/server/http/public-origin.server";
import type { Route } from "./+types/robots";

/** Paths crawlers should stay out of: the admin area, JSON endpoints, the cart and search results. */
const disallowedPaths = ["/admin", "/api/", "/cart", "/search"] as const;

/** /robots.txt: keeps crawlers out of private and endless pages, and points at the sitemap. */
function robotsTxt(origin: string): string {
  return ["User-agent: *", ...disallowedPaths.map((path) => `Disallow: ${path}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

export function loader({ request }: Route.LoaderArgs) {
  return new Response(robotsTxt(publicOrigin(request)), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
