import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { AppLoadContext } from "react-router";
import { writeReadableStreamToWritable } from "@react-router/node";
import { logger, pathOf } from "../logger.server";
import { isAdminPath } from "~/lib/admin-auth";
import { oneAtATime } from "~/lib/one-at-a-time";
import { absoluteUrl, fetchHeaders } from "./express-request.server";
import { cachedPage, etagMatches, keptLifetime, precompress, type CachedPage, type PageCache, type PageRender } from "./page-cache.server";
import { brotliBody, gzipBody, identityBody, type TemplateEncoding } from "./nonce-template.server";
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

/** How long a response may be shared, or null when it goes to its own visitor only (private, no-store, Set-Cookie, neither 200 nor 404). */
function sharedLifetime(response: globalThis.Response) {
  if (response.headers.has("Set-Cookie")) return null;
  return keptLifetime(response.status, response.headers.get("Cache-Control"));
}

/**
 * Serves public pages from the page cache (page-cache.server.ts): a fresh page straight from
 * memory, a stale one too while one background render refreshes it. On a miss the visitor gets
 * the page as React Router streams it, compressed on the fly like any uncached response, while
 * its bytes are collected on the side; the page is kept once that response has finished, and
 * visitors asking meanwhile wait for it (decision 0036). A "not found" page (404) is kept too, for a
 * few seconds and within its own share of the cache (keptLifetime, decision 0038). Whatever the
 * response says it may not be shared (private, no-store, Set-Cookie, neither 200 nor 404) goes to
 * its own visitor only, rendered for them.
 * Everything else falls through to the streaming React Router handler.
 *
 * Background renders run one at a time (decision 0040): pages kept together go stale together (a
 * warm-up, a deploy, an admin change), and their refreshes, which no admission slot bounds, would
 * otherwise interleave by the dozen on the one thread and starve the requests being served.
 */
export function pageCacheMiddleware({ cache, handler, newNonce, policyFor, addressOf }: PageCacheMiddlewareOptions): RequestHandler {
  const renderRequest = (url: string, headers: Headers, nonce: string) =>
    handler(new globalThis.Request(url, { method: "GET", headers }), { cspNonce: nonce });
  const backgroundInTurn = oneAtATime();

  /** A background render replacing a stale page: read in full, compressed in what the old one was served in, then kept. */
  async function renderInBackground(url: string, headers: Headers, encodings: TemplateEncoding[]): Promise<CachedPage | undefined> {
    const nonce = newNonce();
    const response = await renderRequest(url, headers, nonce);
    const lifetime = sharedLifetime(response);
    if (!lifetime) {
      await response.body?.cancel();
      return undefined;
    }
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length > cache.maxPageBytes) return undefined;
    return precompress(cachedPage({ status: response.status, headers: replayed(response), body }, nonce, lifetime), encodings);
  }

  /**
   * This visitor's render, streamed to them (the compression middleware compresses it) while
   * its bytes are collected, up to the largest page the cache keeps; kept after the response
   * has finished, off its path. Claimed by `render`: every outcome settles it.
   */
  async function streamMiss(req: Request, res: Response, next: NextFunction, url: string, render: PageRender): Promise<void> {
    const nonce = nonceOf(res);
    let response: globalThis.Response;
    try {
      response = await renderRequest(url, fetchHeaders(req), nonce);
    } catch (error) {
      render.done(undefined);
      return next(error);
    }
    const lifetime = sharedLifetime(response);
    // Those waiting for a page that may not be shared render their own at once.
    if (!lifetime) render.done(undefined);
    res.status(response.status);
    for (const [name, value] of response.headers) res.append(name, value);
    res.setHeader("Content-Security-Policy", policyFor(nonce));
    res.setHeader("X-Cache", lifetime ? "MISS" : "BYPASS");
    res.vary("Accept-Encoding");

    const chunks: Uint8Array[] = [];
    let collected = lifetime ? 0 : Number.POSITIVE_INFINITY;
    if (lifetime) {
      // Each chunk React Router's stream writer hands the response, kept on the side (a
      // TransformStream in between would cost a few promises per chunk, on the visitor's path).
      const write = res.write;
      res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
        if (collected <= cache.maxPageBytes) {
          // Anything but bytes (never written by the stream writer) makes the page not kept.
          collected += chunk instanceof Uint8Array ? chunk.byteLength : Number.POSITIVE_INFINITY;
          if (collected <= cache.maxPageBytes) chunks.push(chunk as Uint8Array);
          else chunks.length = 0;
        }
        return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
      } as Response["write"];
    }
    try {
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      render.done(undefined);
      if (res.destroyed || res.writableEnded) return;
      return next(error);
    }
    if (!lifetime || collected > cache.maxPageBytes) {
      render.done(undefined);
      return;
    }
    const keep = () =>
      setImmediate(() => {
        try {
          render.done(cachedPage({ status: response.status, headers: replayed(response), body: Buffer.concat(chunks) }, nonce, lifetime));
        } catch (error) {
          render.done(undefined);
          logger.error({ err: error, path: pathOf(req.originalUrl) }, "page cache: keeping a page failed");
        }
      });
    if (res.writableFinished) keep();
    else {
      res.once("finish", keep);
      // A visitor gone before the end: the page may be whole, but nothing is kept unsure.
      res.once("close", () => res.writableFinished || render.done(undefined));
    }
  }

  /** This response's own nonce (securityHeaders made it), written into the page and its policy. */
  function nonceOf(res: Response): string {
    return typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : newNonce();
  }

  return async function servePageFromCache(req: Request, res: Response, next: NextFunction) {
    const page = pageCacheKey(req, addressOf);
    if (!page) return next();
    const { key, url } = page;
    const compressLater = (encoding: TemplateEncoding) => cache.compressLater(key, encoding);

    const found = cache.lookup(key);
    if (found) {
      if (found.freshness === "stale" && !cache.isRendering(key)) {
        const { template } = found.page;
        const encodings = (["br", "gzip"] as const).filter((encoding) => template[encoding] !== undefined);
        const headers = fetchHeaders(req);
        cache
          .render(key, () => backgroundInTurn(() => renderInBackground(url, headers, encodings)))
          .catch((error: unknown) => {
            logger.error({ err: error, path: pathOf(req.originalUrl) }, "page cache: background render failed");
          });
      }
      sendCachedPage(req, res, found.page, found.freshness === "fresh" ? "HIT" : "STALE", nonceOf(res), policyFor, compressLater);
      return;
    }

    const render = cache.claim(key);
    if (render) return streamMiss(req, res, next, url, render);
    try {
      // Another visitor's render of this page is under way: its page, once kept.
      const rendered = await cache.rendering(key);
      if (rendered) sendCachedPage(req, res, rendered, "MISS", nonceOf(res), policyFor, compressLater);
      // Someone else's private response is never handed on: render this visitor's own.
      else next();
    } catch (error) {
      next(error);
    }
  };
}

/** The headers of a rendered response that a replay carries. */
function replayed(response: globalThis.Response): Array<[string, string]> {
  return [...response.headers].filter(([name]) => !NOT_REPLAYED.has(name));
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
  compressLater: (encoding: TemplateEncoding) => void,
): void {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  // A validator only for a page found: a 404 is never answered 304 (RFC 9110 evaluates
  // If-None-Match only for a response that would be 2xx).
  const found = page.status === 200;
  if (found) res.setHeader("ETag", page.etag);
  res.setHeader("X-Cache", state);
  res.vary("Accept-Encoding");
  if (found && etagMatches(req.headers["if-none-match"], page.etag)) {
    // No policy on a 304: the browser would store it with the page it already has, whose nonce
    // is another one, and block that page's scripts (RFC 9111 updates stored headers from a 304).
    res.removeHeader("Content-Security-Policy");
    res.status(304).end();
    return;
  }
  // Every response its own nonce, in the policy and in the HTML (nonce-template.server.ts).
  res.setHeader("Content-Security-Policy", policyFor(nonce));
  const { template } = page;
  const br = template.br !== null && req.acceptsEncodings("br") === "br";
  const gzip = template.gzip !== null && req.acceptsEncodings("gzip") === "gzip";
  // The first visitor to ask for an encoding has the page compressed in it for the next ones.
  const wanted = br ? "br" : gzip ? "gzip" : undefined;
  if (wanted && template[wanted] === undefined) compressLater(wanted);
  let chunks: Buffer[];
  if (wanted === "br" && template.br) {
    chunks = brotliBody(template, nonce);
    res.setHeader("Content-Encoding", "br");
  } else if (wanted === "gzip" && template.gzip) {
    chunks = gzipBody(template, nonce);
    res.setHeader("Content-Encoding", "gzip");
  } else {
    // Until then the compression middleware compresses it on the fly, in the encoding the
    // visitor prefers, as it does an uncached page.
    chunks = identityBody(template, nonce);
  }
  const body = Buffer.concat(chunks);
  res.setHeader("Content-Length", body.length);
  res.status(page.status);
  res.end(req.method === "HEAD" ? undefined : body);
}
