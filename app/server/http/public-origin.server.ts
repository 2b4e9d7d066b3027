import { env } from "../env.server";

/**
 * The shop's public origin for absolute URLs (canonical, Open Graph, hreflang, JSON-LD, sitemap,
 * robots.txt, QR codes), without a trailing slash: PUBLIC_URL when it is set, whatever the request
 * says; else the request's own origin. That origin is already the checked one (absoluteUrl and
 * edgeGuard in app/server/http/): the Host is an allowed host, and X-Forwarded-Host/-Proto were
 * believed only from a trusted proxy. Forwarded headers are never read here: the client writes
 * them (docs/decisions/0021-one-origin-rule.md).
 */
export function publicOrigin(request: Request): string {
  return originOf(request, env().PUBLIC_URL);
}

/** publicOrigin with the PUBLIC_URL setting passed in (unit-testable). */
export function originOf(request: Request, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, "");
  return new URL(request.url).origin;
}
