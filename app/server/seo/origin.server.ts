import { env } from "../env.server";

/** A host name with an optional port (letters, digits, dots, hyphens, IPv6 brackets): nothing that could break a URL. */
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** The first value of a possibly comma-separated forwarded header (the client-facing proxy's). */
function firstForwarded(request: Request, name: string): string | undefined {
  const value = request.headers.get(name)?.split(",")[0]?.trim();
  return value ? value : undefined;
}

/**
 * The shop's public origin for absolute URLs (canonical, Open Graph images,
 * sitemap), without a trailing slash: PUBLIC_URL when it is set (the only
 * trustworthy answer behind any proxy), else the request's own origin, taking
 * `X-Forwarded-Proto` and `X-Forwarded-Host` from a reverse proxy into account.
 */
export function publicOrigin(request: Request): string {
  return originOf(request, env().PUBLIC_URL);
}

/** publicOrigin with the PUBLIC_URL setting passed in (unit-testable). */
export function originOf(request: Request, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, "");
  const url = new URL(request.url);
  const proto = firstForwarded(request, "X-Forwarded-Proto")?.toLowerCase();
  const host = firstForwarded(request, "X-Forwarded-Host");
  const protocol = proto === "https" || proto === "http" ? proto : url.protocol.replace(/:$/, "");
  const authority = host && HOST.test(host) ? host : url.host;
  return `${protocol}://${authority}`;
}
