import QRCode from "qrcode";
import { QR_RENDER_SIZE } from "~/lib/tracking";

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
