import { env } from "../env.server";

/** The origins a form post may come from: the request's own and PUBLIC_URL's. */
function allowedOrigins(request: Request): Set<string> {
  const origins = new Set([new URL(request.url).origin]);
  const publicUrl = env().PUBLIC_URL;
  if (publicUrl) origins.add(new URL(publicUrl).origin);
  return origins;
}

/** True when the Origin header (or, without one, the Referer's origin) is this site's. */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  let source: string | null = null;
  if (origin !== null) {
    source = origin;
  } else {
    const referer = request.headers.get("Referer");
    if (referer) {
      try {
        source = new URL(referer).origin;
      } catch {
        source = null;
      }
    }
  }
  return source !== null && allowedOrigins(request).has(source);
}
