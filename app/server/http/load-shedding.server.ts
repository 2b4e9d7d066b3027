import type { NextFunction, Request, RequestHandler, Response } from "express";
import { directionOf, languageFromCookieHeader } from "~/i18n/config";
import { isAdminPath } from "~/lib/admin-auth";
import { sessionTokenFromCookieHeader } from "../auth/index.server";
import { i18nFor } from "../i18n.server";
import { AdmissionController, type AdmissionLimits } from "./admission.server";

/**
 * Load shedding (docs/decisions/0037-load-shedding.md): the first middleware of the application
 * (after the static files, which server.js serves before it) bounds the requests served at once
 * (AdmissionController). A request that finds no slot waits in line, first come first served;
 * an ordinary one that finds the line full or waits too long is answered at once with a small
 * 503 (Retry-After: 1, never stored), so under saturation every visitor gets an answer quickly
 * instead of some waiting without bound.
 *
 * - exempt (no slot): the health probes, and, once every slot is taken, a page the page cache
 *   holds (served from memory, it costs next to nothing);
 * - priority (never refused, served before the ordinary line): every POST (an order, an order
 *   form, a draft: what a shopper typed must not be lost) and admin requests carrying a session;
 * - normal: everything else (pages, data requests, API reads).
 */
export type AdmissionClass = "exempt" | "priority" | "normal";

const HEALTH_PROBES = new Set(["/healthz", "/readyz"]);

export function admissionClass(req: Pick<Request, "method" | "path" | "headers">): AdmissionClass {
  if (HEALTH_PROBES.has(req.path)) return "exempt";
  if (req.method !== "GET" && req.method !== "HEAD") return "priority";
  // A cookie is only looked at, not checked (that needs the database): a forged one buys a bot
  // nothing but a quick redirect to the sign-in page.
  if (isAdminPath(req.path) && sessionTokenFromCookieHeader(req.headers.cookie ?? null)) return "priority";
  return "normal";
}

/** Whether the refusal goes as JSON: the API, React Router's data requests and JSON clients. */
function wantsJson(req: Pick<Request, "path" | "headers">): boolean {
  if (req.path.startsWith("/api/") || req.path.endsWith(".data")) return true;
  const accept = req.headers.accept ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The 503: a tiny translated page (JSON for the API), Retry-After: 1, never stored. */
export async function sendOverloaded(req: Request, res: Response): Promise<void> {
  const language = languageFromCookieHeader(req.headers.cookie);
  const { t } = await i18nFor(language);
  if (res.headersSent || res.writableEnded) return;
  const message = t("http.overloaded");
  const retry = t("http.overloadedRetry");
  res.status(503);
  res.setHeader("Retry-After", "1");
  res.setHeader("Cache-Control", "no-store");
  let body: string;
  if (wantsJson(req)) {
    res.type("application/json; charset=utf-8");
    body = JSON.stringify({ error: { code: "overloaded", message: `${message} ${retry}` } });
  } else {
    res.type("text/html; charset=utf-8");
    body =
      `<!doctype html><html lang="${language}" dir="${directionOf(language)}"><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width"><title>${escapeHtml(message)}</title>` +
      `<h1>${escapeHtml(message)}</h1><p>${escapeHtml(retry)}</p></html>`;
  }
  res.end(req.method === "HEAD" ? undefined : body);
}

export interface LoadSheddingOptions extends AdmissionLimits {
  /** Whether the request can be answered from memory (a page-cache hit): served without a slot when all are taken. */
  isCheap?: (req: Request) => boolean;
}

/** The middleware; with maxConcurrent 0, none (every request goes through). */
export function loadShedding({ isCheap, ...limits }: LoadSheddingOptions): RequestHandler {
  if (limits.maxConcurrent === 0) return (_req, _res, next) => next();
  const controller = new AdmissionController(limits);

  function serve(res: Response, release: () => void, next: NextFunction): void {
    // The slot is held until the response is out or its connection gone (a streamed page included).
    res.once("finish", release);
    res.once("close", release);
    next();
  }

  return async function admit(req: Request, res: Response, next: NextFunction): Promise<void> {
    const kind = admissionClass(req);
    if (kind === "exempt") return next();
    const release = controller.tryAdmit();
    if (release) return serve(res, release, next);
    if (kind === "normal" && isCheap?.(req)) return next();

    // A client that leaves while waiting leaves the line too.
    const gone = new AbortController();
    const leave = () => gone.abort();
    res.once("close", leave);
    const admission = await controller.admit(kind, gone.signal);
    res.off("close", leave);
    if (admission.admitted) {
      if (res.destroyed) return admission.release();
      return serve(res, admission.release, next);
    }
    if (admission.reason === "cancelled") return;
    try {
      await sendOverloaded(req, res);
    } catch (error) {
      next(error);
    }
  };
}
