import { MAX_FORM_FIELDS } from "~/lib/body-limits";
import { BodyTooLargeError, declaredLength, readBodyWithin } from "./body-meter.server";

export { BodyTooLargeError };

/** The body could not be read as a form (not multipart or urlencoded, or cut short): answer 400. */
export class MalformedBodyError extends Error {
  constructor(options?: { cause?: unknown }) {
    super("The request body is not a readable form", options);
    this.name = "MalformedBodyError";
  }
}

/**
 * A form body (multipart or urlencoded) read through the server's one body meter
 * (body-meter.server.ts): refused before it is buffered when its Content-Length is over
 * `maxBytes`, else counted as it arrives and stopped at `maxBytes` or MAX_FORM_FIELDS. The
 * server's body limits (body-limit.server.ts) have bounded it already; a route passes its own,
 * tighter limit here.
 */
export async function readFormWithin(request: Request, maxBytes: number): Promise<FormData> {
  if (Number.isNaN(declaredLength(request.headers.get("Content-Length")))) throw new MalformedBodyError();
  const contentType = request.headers.get("Content-Type");
  const chunks = await readBodyWithin(
    request.body,
    { maxBytes, maxFields: MAX_FORM_FIELDS, maxFiles: MAX_FORM_FIELDS },
    { contentType, contentLength: request.headers.get("Content-Length") },
  );
  try {
    return await new Response(Buffer.concat(chunks), {
      headers: { "Content-Type": contentType ?? "application/x-www-form-urlencoded" },
    }).formData();
  } catch (error) {
    throw new MalformedBodyError({ cause: error });
  }
}
