import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { AppLoadContext } from "react-router";
import { logger, pathOf } from "../logger.server";
import { isAdminPath } from "~/lib/admin-auth";
import { absoluteUrl, fetchHeaders } from "./express-request.server";
import {
  cachedPage,
  etagMatches,
  sharedCacheLifetime,
  type CachedPage,
  type PageCache,
  type RenderOutcome,
  type UncachedResponse,
} from "./page-cache.server";
import { brotliBody, gzipBody, identityBody } from "./nonce-template.server";
import { pageVariant } from "./page-variant.server";

/** React Router's request handler (the core one, answering a Fetch Request with a Response). */
export type DocumentHandler = (request: globalThis.Request, context: AppLoadContext) => Promise<globalThis.Response>;

export interface PageCacheMiddlewareOptions {
  cache: PageCache;
  handler: DocumentHandler;
  /** A fresh CSP nonce, and the policy that goes with it (for background renders). */
  newNonce: () => string;
  policyFor: (nonce: string) => string;
  /** The address a page is cached and rendered under: the URL with only the parameters its route reads (pageAddress). */
  addressOf: (url: URL) => string;
}

/**
 * Paths never served from the cache: the admin area, APIs and files (they have their own caching),
 * a shopper's order confirmations (each for one visitor, by its secret address), and React
 * Router's route discovery (`/__manifest?paths=…&version=…`), which must see its whole query: cut
 * to the declared parameters, it reads as a version mismatch and reloads the page.
 */
const NEVER_CACHED = /^\/(admin|api|qr|uploads|assets|__manifest|orders)(\/|$)/;
/** Hop-by-hop and per-response headers that a replayed page must not carry over. */
const NOT_REPLAYED = new Set(["connection", "content-length", "content-encoding", "transfer-encoding", "date", "keep-alive"]);

/**
 * The cache key of a page request (its address plus the page variant) and that address, or
 * undefined when the page must be rendered for this request alone: not a GET/HEAD of a page, a
 * client-side data request (`.data`), or a `?ref=`/`?lng=` visit (those set cookies). The address
 * keeps only the query parameters the page's route declares (`addressOf`); the page is rendered
 * from it too, so a parameter that makes no key cannot change the page either.
 */
export function pageCacheKey(req: Request, addressOf: (url: URL) => string): { key: string; url: string } | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  if (NEVER_CACHED.test(req.path) || req.path.endsWith(".data")) return undefined;
  const query = req.query as Record<string, unknown>;
  if ("ref" in query || "lng" in query) return undefined;
  const url = addressOf(new URL(absoluteUrl(req)));
  const { language, cartCount } = pageVariant(url, req.headers.cookie);
  return { key: `${url}\n${language}\n${cartCount}`, url };
}

/**
 * Serves public pages from the page cache (page-cache.server.ts): a fresh page straight from
 * memory, a stale one too while one background render refreshes it, and on a miss renders once
 * for everyone asking (the others wait for that render). Whatever the response says it may not be
 * shared (private, no-store, Set-Cookie, not 200) goes to its own visitor only, rendered for them.
 * Everything else falls through to the streaming React Router handler.
 */
export function pageCacheMiddleware({ cache, handler, newNonce, policyFor, addressOf }: PageCacheMiddlewareOptions): RequestHandler {
  async function render(url: string, headers: Headers, nonce: string): Promise<RenderOutcome> {
    const response = await handler(new globalThis.Request(url, { method: "GET", headers }), { cspNonce: nonce });
    const rendered: UncachedResponse = {
      status: response.status,
      headers: [...response.headers].filter(([name]) => !NOT_REPLAYED.has(name)),
      contentSecurityPolicy: policyFor(nonce),
      body: Buffer.from(await response.arrayBuffer()),
    };
    const lifetime = sharedCacheLifetime(response.headers.get("Cache-Control"));
    if (response.status !== 200 || !lifetime || response.headers.has("Set-Cookie")) return { cacheable: false, response: rendered };
    return { cacheable: true, page: await cachedPage(rendered, nonce, lifetime) };
  }

  /** This response's own nonce (securityHeaders made it), written into the page and its policy. */
  function nonceOf(res: Response): string {
    return typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : newNonce();
  }

  return async function servePageFromCache(req: Request, res: Response, next: NextFunction) {
    const page = pageCacheKey(req, addressOf);
    if (!page) return next();
    const { key, url } = page;

    const found = cache.lookup(key);
    if (found) {
      if (found.freshness === "stale" && !cache.isRendering(key)) {
        cache
          .render(key, () => render(url, fetchHeaders(req), newNonce()))
          .catch((error: unknown) => {
            logger.error({ err: error, path: pathOf(req.originalUrl) }, "page cache: background render failed");
          });
      }
      sendCachedPage(req, res, found.page, found.freshness === "fresh" ? "HIT" : "STALE", nonceOf(res), policyFor);
      return;
    }

    try {
      const waiting = cache.isRendering(key);
      const nonce = nonceOf(res);
      const outcome = await cache.render(key, () => render(url, fetchHeaders(req), nonce));
      if (outcome.cacheable) sendCachedPage(req, res, outcome.page, "MISS", nonce, policyFor);
      // Someone else's private response is never handed on: render this visitor's own.
      else if (waiting) next();
      else sendRendered(req, res, outcome.response);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Forgets every cached page once an admin change went through (any successful admin POST), so no
 * page shows the old catalogue, layout or setting. Orders do not invalidate: the stock a page shows
 * may then lag by the page's s-maxage (5 s) before a background render refreshes it. Re-rendering
 * every page after each order would make a busy shop render all day; the order itself always
 * checks the stock in the database.
 *
 * `forget` drops this process's copies (its page cache, the reference data); `announce` tells the
 * other worker processes of a cluster to drop theirs (cluster-worker.server.ts) and is undefined
 * outside one. The response ends only once they all have, so the admin's next request, whichever
 * worker serves it, shows the change (docs/decisions/0035-worker-processes.md).
 */
export function pageCacheInvalidation(forget: () => void, announce: () => Promise<void> | undefined): RequestHandler {
  return function invalidatePageCache(req, res, next) {
    if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS" && isAdminPath(req.path)) {
      const end = res.end as (this: Response, ...args: unknown[]) => Response;
      let ended = false;
      res.end = function endOnceForgotten(this: Response, ...args: unknown[]) {
        if (ended || res.statusCode >= 400) return end.apply(this, args);
        ended = true;
        forget();
        const announced = announce();
        if (!announced) return end.apply(this, args);
        void announced.finally(() => end.apply(this, args));
        return this;
      } as typeof res.end;
    }
    next();
  };
}

function sendCachedPage(
  req: Request,
  res: Response,
  page: CachedPage,
  state: "HIT" | "STALE" | "MISS",
  nonce: string,
  policyFor: (nonce: string) => string,
): void {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("ETag", page.etag);
  res.setHeader("X-Cache", state);
  res.vary("Accept-Encoding");
  if (etagMatches(req.headers["if-none-match"], page.etag)) {
    // No policy on a 304: the browser would store it with the page it already has, whose nonce
    // is another one, and block that page's scripts (RFC 9111 updates stored headers from a 304).
    res.removeHeader("Content-Security-Policy");
    res.status(304).end();
    return;
  }
  // Every response its own nonce, in the policy and in the HTML (nonce-template.server.ts).
  res.setHeader("Content-Security-Policy", policyFor(nonce));
  let chunks: Buffer[];
  if (page.template.br && req.acceptsEncodings("br") === "br") {
    chunks = brotliBody(page.template, nonce);
    res.setHeader("Content-Encoding", "br");
  } else if (page.template.gzip && req.acceptsEncodings("gzip") === "gzip") {
    chunks = gzipBody(page.template, nonce);
    res.setHeader("Content-Encoding", "gzip");
  } else {
    chunks = identityBody(page.template, nonce);
  }
  const body = Buffer.concat(chunks);
  res.setHeader("Content-Length", body.length);
  res.status(page.status);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** A response rendered for this visitor only (the compression middleware compresses it). */
function sendRendered(req: Request, res: Response, rendered: UncachedResponse): void {
  for (const [name, value] of rendered.headers) res.append(name, value);
  res.setHeader("Content-Security-Policy", rendered.contentSecurityPolicy);
  res.setHeader("X-Cache", "BYPASS");
  res.status(rendered.status);
  res.end(req.method === "HEAD" ? undefined : rendered.body);
}
