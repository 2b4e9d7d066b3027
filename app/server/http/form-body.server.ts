/** The body was (or says it would be) larger than the route accepts: answer 413. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body larger than ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/** The body could not be read as a form (not multipart or urlencoded, or cut short): answer 400. */
export class MalformedBodyError extends Error {
  constructor(options?: { cause?: unknown }) {
    super("The request body is not a readable form", options);
    this.name = "MalformedBodyError";
  }
}

/**
 * A form body (multipart or urlencoded), refused before it is buffered when it is larger than
 * `maxBytes`: first by its Content-Length, then, for a body without one (chunked), by counting
 * the bytes as they arrive and stopping at the limit.
 */
export async function readFormWithin(request: Request, maxBytes: number): Promise<FormData> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null) {
    const length = Number(declared);
    if (!Number.isFinite(length) || length < 0) throw new MalformedBodyError();
    if (length > maxBytes) throw new BodyTooLargeError(maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel().catch(() => {});
        throw new BodyTooLargeError(maxBytes);
      }
      chunks.push(value);
    }
  }
  const body = Buffer.concat(chunks);
  try {
    return await new Response(body, {
      headers: { "Content-Type": request.headers.get("Content-Type") ?? "application/x-www-form-urlencoded" },
    }).formData();
  } catch (error) {
    throw new MalformedBodyError({ cause: error });
  }
}
