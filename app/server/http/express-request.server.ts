import type { Request } from "express";

/**
 * The absolute URL of an Express request: the one origin rule the whole server reads
 * (docs/decisions/0021-one-origin-rule.md). By the time a request gets here, edgeGuard has
 * checked its host against ALLOWED_HOSTS, written it back as the Host header and removed any
 * X-Forwarded-Host/-Proto that did not come from a trusted proxy (TRUST_PROXY); req.protocol
 * follows X-Forwarded-Proto only from such a proxy. The React Router adapter
 * (react-router-handler.server.ts) and the page cache build their requests with it.
 */
export function absoluteUrl(req: Request): string {
  return `${req.protocol}://${req.host ?? "localhost"}${req.originalUrl}`;
}

/** The request's headers as a Fetch Headers object (repeated headers kept), for a Request built from it. */
export function fetchHeaders(req: Request): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return headers;
}
