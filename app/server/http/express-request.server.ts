import type { Request } from "express";

/**
 * The absolute URL of an Express request as React Router's adapter sees it: the protocol and host
 * follow X-Forwarded-Proto/Host only with TRUST_PROXY (Express's `trust proxy`).
 */
export function absoluteUrl(req: Request): string {
  return `${req.protocol}://${req.host ?? "localhost"}${req.originalUrl}`;
}
