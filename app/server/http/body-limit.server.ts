/**
 * Body limits for the whole server, applied before any route sees the request
 * (docs/decisions/0020-body-limits.md). Each request gets its policy from its method and path
 * (app/lib/body-limits.ts); a Content-Length over it is refused at once, an admin session is
 * checked before a byte is read, and the body is read here through the one body meter, stopped
 * at the first byte, field or file over the policy. The bytes read wait for the React Router
 * adapter (react-router-handler.server.ts), which hands them to the route as its Request body.
 */
import type { NextFunction, Request, Response } from "express";
import { bodyPolicyFor, type BodyPolicy } from "~/lib/body-limits";
import { directionOf } from "~/i18n/config";
import { logger } from "../logger.server";
import { requireAdminAction } from "./admin-session.server";
import { requestI18n } from "./request-i18n.server";
import { BodyMeter, declaredLength, type BodyRefusal } from "./body-meter.server";
import { absoluteUrl, fetchHeaders } from "./express-request.server";

const readBodies = new WeakMap<Request, Uint8Array[]>();

/** The body bodyLimits read for this request (undefined when it read none: GET, HEAD, or no bodyLimits). */
export function bodyReadFor(req: Request): Uint8Array[] | undefined {
  return readBodies.get(req);
}

/** A Fetch Request with this request's URL and headers, no body: for the language and the session. */
function headersOnly(req: Request): globalThis.Request {
  return new globalThis.Request(absoluteUrl(req), { headers: fetchHeaders(req) });
}

/** After a refusal, how long the connection stays half-open before it is cut. */
const LINGER_MS = 1000;

/**
 * Answers without reading (more of) the body, with `Connection: close`, and stops reading the
 * socket (whatever the client still sends waits in the kernel, never in the process). Once the
 * answer is out the server half-closes the connection and cuts it LINGER_MS later: cutting it at
 * once, with unread bytes pending, would reset it before a client still writing had read the answer.
 */
function answerAndClose(req: Request, res: Response, status: number, headers: Headers | Record<string, string>, body: string): void {
  req.pause();
  res.status(status);
  for (const [name, value] of headers instanceof Headers ? headers.entries() : Object.entries(headers)) {
    if (name.toLowerCase() === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  res.setHeader("Connection", "close");
  const socket = req.socket;
  // Node ends a `Connection: close` response with socket.destroySoon(): this one waits first.
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };
  res.end(body);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** 413 in the visitor's language: the order API's error shape, JSON on other APIs, else a short page. */
async function refuseTooLarge(req: Request, res: Response, policy: BodyPolicy, reason: BodyRefusal): Promise<void> {
  const request = headersOnly(req);
  const { language, t } = await requestI18n(request);
  logger.warn({ path: req.path, reason, limit: policy.maxBytes }, "request body refused");
  const headers = { "Cache-Control": "no-store" };
  if (policy.answer === "order") {
    const message = t("orders.errors.body_too_large");
    const body = JSON.stringify({ error: { code: "body_too_large", message, fields: {} } });
    return answerAndClose(req, res, 413, { ...headers, "Content-Type": "application/json; charset=utf-8" }, body);
  }
  const message = t("api.bodyTooLarge");
  if (policy.answer === "json") {
    return answerAndClose(
      req,
      res,
      413,
      { ...headers, "Content-Type": "application/json; charset=utf-8" },
      JSON.stringify({ error: "body_too_large", message }),
    );
  }
  const title = escapeHtml(t("api.bodyTooLargeTitle"));
  const page =
    `<!doctype html><html lang="${language}" dir="${directionOf(language)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head>` +
    `<body><main><h1>${title}</h1><p>${escapeHtml(message)}</p><p><a href="/">${escapeHtml(t("error.home"))}</a></p></main></body></html>`;
  return answerAndClose(req, res, 413, { ...headers, "Content-Type": "text/html; charset=utf-8" }, page);
}

/** Reads the body through a BodyMeter: its chunks, a refusal (reading stops there), or "aborted" when the client went away. */
function readMetered(req: Request, policy: BodyPolicy): Promise<Uint8Array[] | BodyRefusal | "aborted"> {
  const meter = new BodyMeter(policy, req.headers["content-type"] ?? null);
  const chunks: Uint8Array[] = [];
  return new Promise((resolve) => {
    const settle = (outcome: Uint8Array[] | BodyRefusal | "aborted") => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onAborted);
      req.off("aborted", onAborted);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      const refusal = meter.add(chunk);
      if (refusal) {
        req.pause();
        settle(refusal);
      } else chunks.push(chunk);
    };
    const onEnd = () => settle(chunks);
    const onAborted = () => settle("aborted");
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onAborted);
    req.on("aborted", onAborted);
  });
}

/**
 * The Express middleware: GET and HEAD pass untouched; any other request is refused (the admin's
 * own 401/403) without a valid admin session where the policy wants one, refused (413) by its
 * Content-Length, or read within its policy (413 at the first byte, field or file over it) and
 * handed on.
 */
export async function bodyLimits(req: Request, res: Response, next: NextFunction): Promise<void> {
  const policy = bodyPolicyFor(req.method, req.path);
  if (!policy) return next();
  try {
    // The session first: without one, the admin's own answer, whatever the body says of itself.
    if (policy.adminSession) {
      try {
        // Signed in at all; the route itself then checks the role against its area.
        await requireAdminAction(headersOnly(req), "signed_in");
      } catch (refusal) {
        if (!(refusal instanceof globalThis.Response)) throw refusal;
        return answerAndClose(req, res, refusal.status, refusal.headers, await refusal.text());
      }
    }
    const declared = declaredLength(req.headers["content-length"]);
    if (declared !== null && declared > policy.maxBytes) return await refuseTooLarge(req, res, policy, "too_large");
    const outcome = await readMetered(req, policy);
    if (outcome === "aborted") return;
    if (!Array.isArray(outcome)) return await refuseTooLarge(req, res, policy, outcome);
    readBodies.set(req, outcome);
    next();
  } catch (error) {
    next(error);
  }
}
