import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import QRCode from "qrcode";
import { QR_RENDER_SIZE } from "~/lib/tracking";
import type { Database } from "../db/database.server";
import { shareLinkByCode } from "./tracking.service.server";

/** QR codes rendered by our own server (no third-party service): error correction M, a 2-module quiet zone. */
const options = { errorCorrectionLevel: "M", margin: 2, width: QR_RENDER_SIZE } as const;

/** The QR code of `text` as an SVG document (viewBox-scaled; width and height QR_RENDER_SIZE). */
export async function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...options, type: "svg" });
}

/** The QR code of `text` as a QR_RENDER_SIZE × QR_RENDER_SIZE PNG. */
export async function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...options, type: "png" });
}

/** A link's QR code: its ETag (a hash of the encoded URL and the format) and the image, drawn on demand. */
export interface LinkQrCode {
  etag: string;
  contentType: "image/svg+xml" | "image/png";
  render(): Promise<string | Uint8Array<ArrayBuffer>>;
}

/**
 * The QR code of an active link's full URL on `origin`, or null for an unknown or inactive code
 * or a link whose target is gone. Nothing is drawn until render() is called, so a matching
 * If-None-Match costs no drawing.
 */
export async function linkQrCode(db: Kysely<Database>, code: string, format: "svg" | "png", origin: string): Promise<LinkQrCode | null> {
  const link = await shareLinkByCode(db, code, origin);
  if (!link) return null;
  const etag = `"${createHash("sha256").update(`${format}\n${link.fullUrl}`).digest("base64url").slice(0, 27)}"`;
  if (format === "svg") return { etag, contentType: "image/svg+xml", render: () => qrSvg(link.fullUrl) };
  return { etag, contentType: "image/png", render: async () => new Uint8Array(await qrPng(link.fullUrl)) };
}
