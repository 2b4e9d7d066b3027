/**
 * The Express → React Router adapter (in place of @react-router/express's): the same Request and
 * response handling, but a request's body is only ever what bodyLimits read within its policy
 * (body-limit.server.ts), never the socket itself, and its URL is absoluteUrl(req), the server's
 * one rule for the request's origin. See docs/decisions/0020-body-limits.md.
 */
import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler as createFetchHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { bodyReadFor } from "./body-limit.server";
import { absoluteUrl, fetchHeaders } from "./express-request.server";

/** The chunks read, handed out one by one and let go of as the route reads them. */
function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      if (next < chunks.length) {
        controller.enqueue(chunks[next]!);
        chunks[next++] = new Uint8Array(0);
      } else controller.close();
    },
  });
}

export function fetchRequest(req: Request, res: Response): globalThis.Request {
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: fetchHeaders(req), signal: controller.signal };
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  if (req.method !== "GET" && req.method !== "HEAD") {
    const chunks = bodyReadFor(req);
    // Fail closed: a body nobody measured is never handed to a route.
    if (!chunks) throw new Error("request body not read by bodyLimits");
    init.body = streamOf(chunks);
    init.duplex = "half";
  }
  return new globalThis.Request(absoluteUrl(req), init);
}

async function sendResponse(res: Response, response: globalThis.Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

export function createRequestHandler(options: {
  build: ServerBuild;
  getLoadContext?: (req: Request, res: Response) => AppLoadContext | Promise<AppLoadContext>;
  mode?: string;
}) {
  const handleRequest = createFetchHandler(options.build, options.mode ?? process.env.NODE_ENV);
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const request = fetchRequest(req, res);
      const context = await options.getLoadContext?.(req, res);
      await sendResponse(res, await handleRequest(request, context));
    } catch (error) {
      next(error);
    }
  };
}
