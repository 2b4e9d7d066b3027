import compression from "compression";
import type { RequestHandler } from "express";
import { constants } from "node:zlib";

/**
 * Brotli's window for responses compressed on the fly: 2^18 bytes (256 KB) instead of the
 * library's 4 MB. Every brotli stream allocates its whole window, so pages compressed at once
 * multiply it in resident memory (docs/decisions/0019-server-heap-and-request-prototypes.md;
 * figures in docs/performance.md). A page is far smaller than 256 KB, so nothing compresses worse.
 */
export const BROTLI_WINDOW_BITS = 18;

/**
 * Compression of every response not already compressed: `compression`'s defaults (gzip, or
 * brotli at quality 4 when the browser takes it; bodies under 1 KB as they are) with the
 * smaller brotli window above. Pages from the page cache carry their own Content-Encoding
 * (compressed once, page-cache.server.ts) and pass through; a page it has not compressed yet in
 * the visitor's encoding, and every miss, is compressed here (decision 0036).
 */
export const compress: RequestHandler = compression({
  brotli: { params: { [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } },
});
