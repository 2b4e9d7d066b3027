import type { Request } from "express";

/**
 * The absolute URL of an Express request: the one origin rule the whole server reads
 * (docs/decisions/0021-one-origin-rule.md). By the time a request gets here, edgeGuard has
 * checked its host against ALLOWED_HOSTS, written it back as the Host header and removed any
 * X-Forwarded-Host/-Proto that did not come from a trusted proxy (TRUST_PROXY); req.protocol
 * follows X-Forwarded-Proto only from such a proxy. React Router's adapter builds the same URL
 * from the same headers (req.protocol, req.hostname, the Host header's port).
 */
export function absoluteUrl(req: Request): string {
  return `${req.protocol}://${req.host ?? "localhost"}${req.originalUrl}`;
}
