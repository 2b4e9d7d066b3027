/**
 * How much body each request may send, decided from its method and path alone, before a byte of
 * the body is read (app/server/http/body-limit.server.ts applies it; docs/decisions/0020-body-limits.md).
 */
import { routedPath } from "./admin-auth";
import { FORM_OVERHEAD_BYTES, MAX_IMAGE_BYTES, MAX_IMAGES_PER_UPLOAD, MAX_PRODUCT_FORM_BYTES } from "./admin-product";

/** Public forms, sign-in and every /api/* route: a full order or contact form is a few KB. */
export const PUBLIC_BODY_BYTES = 64 * 1024;
/** Admin forms without files (a product list filter, an order's status, a delivery table). */
export const ADMIN_BODY_BYTES = FORM_OVERHEAD_BYTES;
/** Fields of one form (urlencoded pairs or multipart parts): no form of the shop has a tenth of it. */
export const MAX_FORM_FIELDS = 1000;
/** Nesting of a JSON body: the shop's JSON bodies nest three levels at most. */
export const MAX_JSON_DEPTH = 32;

export interface BodyPolicy {
  maxBytes: number;
  maxFields: number;
  /**
   * How many file parts (multipart parts with a filename) the body may carry; 0 refuses any. The
   * size of each file is checked by the upload's own rules (checkUploads), which answer with the
   * form's translated message; maxBytes bounds them all here.
   */
  maxFiles: number;
  /** An admin session is checked before the body is read (without one: the admin's own 401/403). */
  adminSession: boolean;
  /** How a refusal answers: the order API's error shape, JSON for other APIs, else a short page. */
  answer: "order" | "json" | "page";
}

/** The admin forms that carry images: product, collection and custom page create/edit. */
const PRODUCT_FORM = /^\/admin\/products\/[^/]+(?:\.data)?\/?$/i;
const MERCH_FORM = /^\/admin\/(?:collections|custom-pages)\/[^/]+(?:\.data)?\/?$/i;
/** Admin paths that answer without a session: signing in and out, accepting an invitation. */
const ADMIN_OPEN = /^\/admin\/(?:login|logout|invite\/[\w-]+)(?:\.data)?\/?$/i;
const ADMIN = /^\/admin(?:[/.]|$)/i;
const API = /^\/api(?:[/.]|$)/i;

/**
 * The body policy of a request, or null for GET and HEAD (never read). Admin paths are matched
 * as React Router routes them (routedPath): /ADMIN/products and /%61dmin/products are /admin/products.
 */
export function bodyPolicyFor(method: string, requestPath: string): BodyPolicy | null {
  const verb = method.toUpperCase();
  const path = routedPath(requestPath);
  if (verb === "GET" || verb === "HEAD") return null;
  const answer: BodyPolicy["answer"] = /^\/api\/orders\/?$/i.test(path) ? "order" : API.test(path) ? "json" : "page";
  const base = { maxFields: MAX_FORM_FIELDS, answer };
  if (ADMIN.test(path) && !ADMIN_OPEN.test(path)) {
    if (PRODUCT_FORM.test(path)) {
      return { ...base, maxBytes: MAX_PRODUCT_FORM_BYTES, maxFiles: MAX_IMAGES_PER_UPLOAD, adminSession: true };
    }
    if (MERCH_FORM.test(path)) {
      return { ...base, maxBytes: MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES, maxFiles: 1, adminSession: true };
    }
    return { ...base, maxBytes: ADMIN_BODY_BYTES, maxFiles: 0, adminSession: true };
  }
  return { ...base, maxBytes: PUBLIC_BODY_BYTES, maxFiles: 0, adminSession: false };
}
