import type { NextFunction, Request, Response } from "express";
import { languageFromCookieHeader } from "~/i18n/config";
import { env, type Env } from "../env.server";
import { i18nFor } from "../i18n.server";
import { logger } from "../logger.server";
import { PEER_ADDRESS_HEADER } from "./client-address.server";
import { allowedHosts, isAllowedHost, type HostRule } from "./allowed-hosts.server";

/**
 * The first middleware of every request (server.js), before any file, page or body is read:
 * what no browser sends is refused here with a short translated text, so that nothing behind it
 * has to cope (docs/decisions/0021-one-origin-rule.md).
 *
 * 1. Methods: the shop answers GET, HEAD and POST only (405 with Allow). No route takes another,
 *    and React Router fails on some (a TRACE request cannot even become a Fetch Request).
 * 2. The request target: only a path (`/…`; not a proxy's absolute `http://host/…` nor `*`, which
 *    would make the request URL unparsable), whose percent-encoding decodes as UTF-8 in the path
 *    and the query; else 400, before a router tries to decode it.
 * 3. The origin: X-Forwarded-Host and X-Forwarded-Proto count only when they come from a trusted
 *    proxy (TRUST_PROXY, Express's `trust proxy`); otherwise they are removed. The host that is
 *    left (the proxy's X-Forwarded-Host or the Host header) must be one of the allowed hosts
 *    (ALLOWED_HOSTS), else 400. It is then written back as the Host header, so that every later
 *    reader (Express's req.host, React Router's adapter, absoluteUrl) sees the same origin.
 *    Health probes (/healthz, /readyz) skip the host check: a load balancer or an orchestrator
 *    calls them by the instance's address, and they build no link.
 */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;
const ALLOWED = new Set<string>(ALLOWED_METHODS);
const HEALTH_PROBES = new Set(["/healthz", "/readyz"]);

let rulesFor: { config: Env; rules: HostRule[] } | undefined;
function hostRules(config: Env): HostRule[] {
  if (rulesFor?.config !== config) rulesFor = { config, rules: allowedHosts(config) };
  return rulesFor.rules;
}

type Refusal = "badRequest" | "methodNotAllowed" | "unknownHost";

async function refuse(req: Request, res: Response, status: 400 | 405, message: Refusal): Promise<void> {
  const { t } = await i18nFor(languageFromCookieHeader(req.headers.cookie));
  if (status === 405) res.setHeader("Allow", ALLOWED_METHODS.join(", "));
  res.status(status).type("text/plain; charset=utf-8").setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.send(req.method === "HEAD" ? undefined : t(`http.${message}`));
}

/** Whether every %XX sequence of the path and the query decodes (as UTF-8). */
export function decodesCleanly(originalUrl: string): boolean {
  const query = originalUrl.indexOf("?");
  try {
    decodeURIComponent(query === -1 ? originalUrl : originalUrl.slice(0, query));
    if (query !== -1) decodeURIComponent(originalUrl.slice(query + 1).replace(/\+/g, " "));
    return true;
  } catch {
    return false;
  }
}

/** The one value of a forwarded header a trusted proxy set (its first entry, as Express reads it). */
function firstValue(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  const first = text?.split(",")[0]?.trim();
  return first ? first : undefined;
}

export function edgeGuard(req: Request, res: Response, next: NextFunction): void {
  if (!ALLOWED.has(req.method)) return void refuse(req, res, 405, "methodNotAllowed").catch(next);
  if (!req.originalUrl.startsWith("/") || !decodesCleanly(req.originalUrl)) return void refuse(req, res, 400, "badRequest").catch(next);

  const config = env();
  // Express's trust function: is the socket's peer one of the trusted proxies?
  const trusted = (req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean)(req.socket.remoteAddress, 0);
  const forwardedHost = trusted ? firstValue(req.headers["x-forwarded-host"]) : undefined;
  const forwardedProto = trusted ? firstValue(req.headers["x-forwarded-proto"])?.toLowerCase() : undefined;
  delete req.headers["x-forwarded-host"];
  delete req.headers["x-forwarded-proto"];
  if (forwardedProto === "http" || forwardedProto === "https") req.headers["x-forwarded-proto"] = forwardedProto;

  const host = forwardedHost ?? req.headers.host;
  if (!isAllowedHost(host, hostRules(config), config.PORT)) {
    if (HEALTH_PROBES.has(req.path)) return next();
    logger.warn({ host: host?.slice(0, 100) }, "request for a host the shop does not answer to (see ALLOWED_HOSTS)");
    return void refuse(req, res, 400, "unknownHost").catch(next);
  }
  req.headers.host = host!.toLowerCase();
  next();
}

/**
 * The adapter gives routes only the headers: hand them the client's address (see clientIp):
 * Express's req.ip, the nearest address that is not a trusted proxy. Always overwrites whatever
 * a client sent under that name.
 */
export function handOverClientAddress(req: Request, _res: Response, next: NextFunction): void {
  req.headers[PEER_ADDRESS_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";
  next();
}
