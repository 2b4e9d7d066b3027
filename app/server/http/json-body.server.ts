import { BodyTooLargeError } from "./form-body.server";

/**
 * A JSON body, refused before it is buffered when it is larger than `maxBytes`: first by its
 * Content-Length, then, for a body without one (chunked), by counting the bytes as they arrive
 * and stopping at the limit. `too_large` → 413; `invalid_json` (not UTF-8 JSON, or cut short) → 400.
 */
export async function readJsonWithin(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; body: unknown } | { ok: false; reason: "too_large" | "invalid_json" }> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null) {
    const length = Number(declared);
    if (!Number.isFinite(length) || length < 0) return { ok: false, reason: "invalid_json" };
    if (length > maxBytes) return { ok: false, reason: "too_large" };
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    if (request.body) {
      const reader = request.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += value.byteLength;
        if (received > maxBytes) {
          // Not cancel(): that destroys the socket before the 413 is out. Node discards the rest.
          reader.releaseLock();
          throw new BodyTooLargeError(maxBytes);
        }
        chunks.push(value);
      }
    }
    return { ok: true, body: JSON.parse(new TextDecoder("utf-8").decode(Buffer.concat(chunks))) as unknown };
  } catch (error) {
    return { ok: false, reason: error instanceof BodyTooLargeError ? "too_large" : "invalid_json" };
  }
}
