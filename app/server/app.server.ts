import { createRequestHandler } from "@react-router/express";
import express, { type NextFunction, type Request, type Response } from "express";
import "react-router";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { getDb } from "./db/connection.server";
import { PEER_ADDRESS_HEADER } from "./orders/client-ip.server";
import { trackReferral } from "./tracking/referral.server";

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

/**
 * Referral capture (see app/server/tracking/referral.server.ts): a page load with `?ref=` records
 * the click and gets the referral cookies before the React Router handler renders the page
 * (which appends its own headers). Runs here rather than in the root loader so that no page's
 * loader changes and client-side data requests never count. Never fails the page.
 */
export async function referralCapture(req: Request, res: Response, next: NextFunction): Promise<void> {
  if (req.method === "GET" && "ref" in req.query) {
    try {
      const headers = new Headers();
      for (const name of ["accept", "cookie", "user-agent"] as const) {
        const value = req.headers[name];
        if (typeof value === "string") headers.set(name, value);
      }
      const request = new globalThis.Request(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`, { headers });
      for (const cookie of await trackReferral(request, getDb())) res.append("Set-Cookie", cookie);
    } catch (error) {
      logger.error({ err: error, url: req.originalUrl }, "referral capture failed");
    }
  }
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
app.use(referralCapture);
app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
  }),
);
