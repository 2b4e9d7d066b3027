import { createRequestHandler } from "@react-router/express";
import express, { type NextFunction, type Request, type Response } from "express";
import "react-router";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { PEER_ADDRESS_HEADER } from "./orders/client-ip.server";

export { boot } from "./boot.server";
export { closeDatabase } from "./db/connection.server";
export { env } from "./env.server";
export { logger } from "./logger.server";

/** One JSON line per request, with its status and duration. */
export function requestLogger(req: Request, res: Response, next: NextFunction): void {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger.info(
      { method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
      "request",
    );
  });
  next();
}

/** Conservative defaults for every response; pages add their own caching headers. */
export function securityHeaders(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "SAMEORIGIN");
  next();
}

/** The React Router application: every page, action and resource route. */
export const app = express();
app.disable("x-powered-by");
// Behind a TLS-terminating proxy, the request URL React Router builds (and compares with the
// browser's Origin before every action) must say https: trust X-Forwarded-Proto/Host then.
app.set("trust proxy", env().TRUST_PROXY);
// The adapter gives routes only the headers: hand them the socket's address (see clientIp),
// always overwriting whatever a client sent under that name.
app.use((req, _res, next) => {
  req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
  next();
});
app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
  }),
);
