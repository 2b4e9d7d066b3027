import { createRequestHandler as createDocumentHandler } from "react-router";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { randomBytes } from "node:crypto";
// The whole server build, imported once: handing createRequestHandler a function instead would
// make it rebuild its route tables (flatten, rank, compile every path) on every request.
import * as serverBuild from "virtual:react-router/server-build";
import { isAdminPath } from "~/lib/admin-auth";
import { getDb } from "../db/connection.server";
import { invalidateReferenceData } from "../reference-cache.server";
import { reloadShopSettings } from "../settings/index.server";
import { env, type Env } from "../env.server";
import { logger, pathOf } from "../logger.server";
import { requestIdFrom, runInRequest } from "../request-context.server";
import { getStorage } from "../storage/index.server";
import { crossSiteResponse, isSameOrigin } from "./admin-session.server";
import { bodyLimits } from "./body-limit.server";
import { announceAdminChange, onAdminChangeElsewhere } from "./cluster-worker.server";
import { isShuttingDown } from "./lifecycle.server";
import { handOverClientAddress } from "./edge.server";
import { absoluteUrl, fetchHeaders } from "./express-request.server";
import { PageCache } from "./page-cache.server";
import { loadShedding } from "./load-shedding.server";
import { pageCacheInvalidation, pageCacheKey, pageCacheMiddleware } from "./page-cache-middleware.server";
import { pageAddress } from "./page-query.server";
import { createRequestHandler } from "./react-router-handler.server";
import { trackReferral } from "./referral-cookies.server";
import { createUploadsHandler } from "./uploads-handler.server";

export { boot, stopBackgroundWork } from "../boot.server";
export { closeDatabase } from "../db/connection.server";
export { env } from "../env.server";
export { logger } from "../logger.server";
export { beginShutdown } from "./lifecycle.server";
export { compress } from "./compression.server";
export { compressionDrainListeners } from "./compression-drain.server";
export { createHttpServer } from "./http-server.server";
export { edgeGuard } from "./edge.server";
export { precompressedAssets } from "./precompressed-assets.server";

let uploads: RequestHandler | undefined;

/**
 * `/uploads/<key>` (server.js mounts it at /uploads): the local folder UPLOADS_DIR, or the
 * bucket S3_BUCKET streamed through the app (uploads-handler.server.ts).
 * Made on first request, once boot() has checked the configuration.
 */
export function uploadsHandler(req: Request, res: Response, next: NextFunction): unknown {
  uploads ??= createUploadsHandler(getStorage());
  return uploads(req, res, next);
}

/**
 * One JSON line per request, with its status and duration, under a request id: an incoming
 * X-Request-Id when it is a sane token (nginx, a load balancer), else a fresh one, echoed in the
 * response's X-Request-Id. Everything logged while the request is served carries it as `reqId`
 * (AsyncLocalStorage + the logger's mixin). The path is logged without its query string, which
 * may hold what a visitor typed (a search, an admin's order filter by phone).
 */
export function requestLogger(req: Request, res: Response, next: NextFunction): void {
  const started = process.hrtime.bigint();
  const requestId = requestIdFrom(req.headers["x-request-id"]);
  res.setHeader("X-Request-Id", requestId);
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger.info({ reqId: requestId, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
  });
  runInRequest({ requestId }, next);
}

/** Meta's pixel (app/lib/pixel.ts): its script, and the hosts it reports to (beacon, image, fetch). */
const META_PIXEL_SCRIPT_HOSTS = ["https://connect.facebook.net"];
const META_PIXEL_REPORT_HOSTS = ["https://www.facebook.com", "https://connect.facebook.net"];

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The Content-Security-Policy of every response: only what the shop uses (see docs/security.md).
 * Scripts: the shop's own files plus React Router's and React's inline scripts carrying this
 * response's nonce (entry.server.tsx hands it to <ServerRouter nonce> and renderToPipeableStream).
 */
export function contentSecurityPolicy(nonce: string, config: Pick<Env, "META_PIXEL_ID" | "S3_PUBLIC_URL">): string {
  // The policy is the same for every response but the nonce: built once per configuration.
  if (policyTemplate?.config !== config) policyTemplate = { config, parts: buildPolicy(NONCE_MARK, config).split(NONCE_MARK) };
  return policyTemplate.parts.join(nonce);
}

const NONCE_MARK = "\u0000nonce\u0000";
let policyTemplate: { config: object; parts: string[] } | undefined;

function buildPolicy(nonce: string, config: Pick<Env, "META_PIXEL_ID" | "S3_PUBLIC_URL">): string {
  const pixel = Boolean(config.META_PIXEL_ID);
  const bucket = originOf(config.S3_PUBLIC_URL);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, ...(pixel ? META_PIXEL_SCRIPT_HOSTS : [])],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:", "blob:", ...(bucket ? [bucket] : []), ...(pixel ? META_PIXEL_REPORT_HOSTS : [])],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(pixel ? META_PIXEL_REPORT_HOSTS : [])],
    "frame-ancestors": ["'self'"],
    "form-action": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** HSTS only where the browser really is on https: the request came over TLS, or the shop's public address is https. */
function servedOverHttps(req: Request, config: Pick<Env, "PUBLIC_URL">): boolean {
  return req.secure || (config.PUBLIC_URL?.startsWith("https://") ?? false);
}

/**
 * Conservative defaults for every response; pages add their own caching headers. A fresh CSP
 * nonce per response lands in res.locals.cspNonce for the document (see getLoadContext below).
 * In development (Vite's dev server injects its own inline scripts) no CSP is sent.
 */
export function securityHeaders(req: Request, res: Response, next: NextFunction): void {
  const config = env();
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "SAMEORIGIN");
  if (config.NODE_ENV !== "development") {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, config));
  }
  if (servedOverHttps(req, config)) res.setHeader("Strict-Transport-Security", "max-age=15552000; includeSubDomains");
  next();
}

/**
 * Referral capture (see referral-cookies.server.ts): a page load with `?ref=` records
 * the click and gets the referral cookies before the React Router handler renders the page
 * (which appends its own headers). Runs here rather than in the root loader so that no page's
 * loader changes and client-side data requests never count. Never fails the page.
 */
export async function referralCapture(req: Request, res: Response, next: NextFunction): Promise<void> {
  if (req.method === "GET" && "ref" in req.query) {
    try {
      // Every header: the click needs Accept, Cookie and User-Agent, and its limit per client
      // address needs whatever clientIp reads (the peer address set above, forwarding headers).
      const request = new globalThis.Request(absoluteUrl(req), { headers: fetchHeaders(req) });
      for (const cookie of await trackReferral(request, getDb())) res.append("Set-Cookie", cookie);
    } catch (error) {
      logger.error({ err: error, path: pathOf(req.originalUrl) }, "referral capture failed");
    }
  }
  next();
}

/**
 * Admin mutations from another site answer 403 `cross_site`, always. React Router refuses a
 * foreign Origin on page-route actions by itself, but with a bare 400 and before any route code
 * runs; this answers every admin POST (page and resource routes, sign-in and sign-out alike) the
 * same translated 403 first. A request with neither Origin nor Referer goes on: requireAdminAction
 * refuses it (401 without a session, else 403).
 */
export async function adminCrossSiteGuard(req: Request, res: Response, next: NextFunction): Promise<void> {
  if (req.method === "GET" || req.method === "HEAD" || !isAdminPath(req.path)) return next();
  const headers = new Headers();
  for (const name of ["origin", "referer", "accept-language", "cookie"] as const) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  if (!headers.has("origin") && !headers.has("referer")) return next();
  try {
    // The same origin the React Router adapter gives the request (see absoluteUrl).
    const request = new globalThis.Request(absoluteUrl(req), { headers });
    if (isSameOrigin(request)) return next();
    const refusal = await crossSiteResponse(request);
    res.status(refusal.status);
    refusal.headers.forEach((value, name) => res.setHeader(name, value));
    res.send(await refusal.text());
  } catch (error) {
    next(error);
  }
}

/**
 * Refuses (400) a request whose path or query carries a NUL character (`%00`). No page, slug or
 * search can contain one, and PostgreSQL cannot even compare text with it: without this guard a
 * `/products/%00x` would reach the database and fail with a 500 there (SQLite just finds nothing).
 */
export function nulGuard(req: Request, res: Response, next: NextFunction): void {
  if (/%00/i.test(req.originalUrl) || req.originalUrl.includes("\0")) {
    res.status(400).type("text/plain").send("Bad request");
    return;
  }
  next();
}

/** 16 random bytes per nonce, cut from a 4 KB buffer of random bytes refilled when used up (one system call per 256 responses). */
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;
function newNonce(): string {
  if (nonceOffset + 16 > noncePool.length) {
    noncePool = randomBytes(4096);
    nonceOffset = 0;
  }
  nonceOffset += 16;
  return noncePool.toString("base64", nonceOffset - 16, nonceOffset);
}

/**
 * Rendered public pages kept in memory (page-cache.server.ts, decision 0014);
 * none when PAGE_CACHE_MB is 0, nor in development (pages change with the code there).
 */
function createPageCache(config: Env): PageCache | undefined {
  if (config.PAGE_CACHE_MB === 0 || config.NODE_ENV === "development") return undefined;
  return new PageCache({ maxEntries: 10_000, maxBytes: config.PAGE_CACHE_MB * 1024 * 1024 });
}

/**
 * The React Router application: every page, action and resource route. A Router, not an Express
 * application: server.js mounts it in its own application, and a mounted application would swap
 * every request's prototype twice (see createHttpServer). Settings such as `trust proxy` are
 * therefore server.js's.
 */
export const app = express.Router();
const pageCache = createPageCache(env());
const addressOf = pageAddress(serverBuild.routes);
// Admission control first: a refused request costs nothing more (docs/decisions/0037-load-shedding.md).
app.use(
  loadShedding({
    maxConcurrent: env().MAX_CONCURRENT_RENDERS,
    maxQueued: env().MAX_QUEUED_REQUESTS,
    maxQueueWaitMs: env().MAX_QUEUE_WAIT_MS,
    // A page the cache holds is served from memory, and one being rendered is shared with its
    // render: neither is refused (decision 0037).
    isCheap: pageCache
      ? (req) => {
          const page = pageCacheKey(req, addressOf);
          return page !== undefined && (pageCache.isRendering(page.key) || pageCache.lookup(page.key) !== undefined);
        }
      : undefined,
  }),
);
app.use(handOverClientAddress);
app.use(nulGuard);
app.use(adminCrossSiteGuard);
// Every body is measured and read here, within its limit, before any route (decision 0020).
app.use(bodyLimits);
app.use(referralCapture);
/** What this process keeps from the database for pages: forgotten after every admin change, here or in another worker. */
function forgetCopies(): void {
  pageCache?.clear();
  invalidateReferenceData();
}
app.use(pageCacheInvalidation(forgetCopies, announceAdminChange));
onAdminChangeElsewhere(() => {
  forgetCopies();
  // A worker keeps the shop's settings in memory too (the one that saved them has the new ones
  // already); one shutting down may have closed its database, and needs them no more.
  if (!isShuttingDown()) reloadShopSettings(getDb());
});
if (pageCache) {
  app.use(
    pageCacheMiddleware({
      cache: pageCache,
      handler: createDocumentHandler(serverBuild, env().NODE_ENV),
      newNonce,
      policyFor: (nonce) => contentSecurityPolicy(nonce, env()),
      addressOf,
    }),
  );
}
app.use(
  createRequestHandler({
    build: serverBuild,
    // The document's CSP nonce (securityHeaders), for entry.server.tsx.
    getLoadContext: (_req, res) => ({ cspNonce: typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : undefined }),
  }),
);
