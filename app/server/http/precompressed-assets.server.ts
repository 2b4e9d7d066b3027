import type { NextFunction, Request, RequestHandler, Response } from "express";
import { readdirSync } from "node:fs";
import { extname } from "node:path";

/**
 * The build's scripts and style sheets, compressed once at build time (vite.config.ts writes
 * `x.js.br` and `x.js.gz` beside `x.js`), sent as they are: mounted before express.static at
 * /assets (server.js), it points the request at the compressed file the browser accepts (brotli
 * first), with that Content-Encoding and the original file's Content-Type; express.static then
 * serves it with its own ETag and caching headers, and `compression` leaves it alone (already
 * encoded). Every size is compressed this way, the smallest chunks included
 * (docs/decisions/0037-load-shedding.md). A file without a compressed twin goes on unchanged.
 */
export function precompressedAssets(root: string): RequestHandler {
  const files = new Set(readdirSync(root, { recursive: true, encoding: "utf8" }).map((name) => `/${name.replaceAll("\\", "/")}`));
  return function servePrecompressed(req: Request, res: Response, next: NextFunction): void {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const path = req.path;
    const br = files.has(`${path}.br`);
    const gz = files.has(`${path}.gz`);
    if (!br && !gz) return next();
    // One address, several bodies: caches must key on Accept-Encoding.
    res.vary("Accept-Encoding");
    const encoding = br && req.acceptsEncodings("br") === "br" ? "br" : gz && req.acceptsEncodings("gzip") === "gzip" ? "gzip" : undefined;
    if (!encoding) return next();
    // express.static takes a Content-Type already set over the one of the `.br` file's extension.
    res.type(extname(path));
    res.setHeader("Content-Encoding", encoding);
    const query = req.url.indexOf("?");
    req.url = `${path}.${encoding === "br" ? "br" : "gz"}${query === -1 ? "" : req.url.slice(query)}`;
    next();
  };
}
