import type { NextFunction, Request, Response } from "express";
import { EventEmitter } from "node:events";

/**
 * The `compression` package proxies res.on("drain") to its zlib stream but not res.off/once's
 * removal, so each `res.once("drain")` React Router's stream writer adds (and later removes from
 * the response) stays on the BrotliCompress/Gzip stream: a page large enough for 11 waits (zlib
 * compresses in the thread pool, so its input buffer fills whatever the client's speed) made Node
 * print MaxListenersExceededWarning. Registered right after compression(): remembers where each
 * drain listener really went and removes it from there.
 */
export function compressionDrainListeners(_req: Request, res: Response, next: NextFunction): void {
  const on = res.on;
  const removeListener = res.removeListener;
  const streams = new Set<EventEmitter>();
  res.on = function (this: Response, event: string | symbol, listener: (...args: unknown[]) => void) {
    const target = on.call(this, event, listener) as unknown;
    if (event === "drain" && target instanceof EventEmitter && target !== this) streams.add(target);
    return this;
  } as Response["on"];
  res.removeListener = res.off = function (this: Response, event: string | symbol, listener: (...args: unknown[]) => void) {
    if (event === "drain") for (const stream of streams) stream.removeListener("drain", listener);
    return removeListener.call(this, event, listener) as Response;
  } as Response["removeListener"];
  next();
}
