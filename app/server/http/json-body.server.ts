import { MAX_FORM_FIELDS, MAX_JSON_DEPTH } from "~/lib/body-limits";
import { BodyTooLargeError, declaredLength, readBodyWithin } from "./body-meter.server";

/** True when the JSON text nests arrays and objects deeper than `maxDepth` (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * A JSON body read through the server's one body meter (body-meter.server.ts): refused before it
 * is buffered when its Content-Length is over `maxBytes`, else counted as it arrives and stopped
 * at the limit. `too_large` → 413; `invalid_json` (not UTF-8 JSON, cut short, or nested deeper
 * than MAX_JSON_DEPTH, which JSON.parse and every walk over the result would recurse through) → 400.
 */
export async function readJsonWithin(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; body: unknown } | { ok: false; reason: "too_large" | "invalid_json" }> {
  const contentLength = request.headers.get("Content-Length");
  if (Number.isNaN(declaredLength(contentLength))) return { ok: false, reason: "invalid_json" };
  try {
    // Counted as bytes only: a JSON body has no form fields, whatever its Content-Type says.
    const chunks = await readBodyWithin(request.body, { maxBytes, maxFields: MAX_FORM_FIELDS, maxFiles: 0 }, { contentType: null, contentLength });
    const text = new TextDecoder("utf-8").decode(Buffer.concat(chunks));
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return { ok: false, reason: "invalid_json" };
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, reason: error instanceof BodyTooLargeError ? "too_large" : "invalid_json" };
  }
}
