/**
 * Counts a request body as it streams, chunk by chunk, without keeping more than a few bytes of
 * it: its size, its form fields (urlencoded pairs, multipart parts) and its file parts. The one
 * mechanism behind every body limit of the server (docs/decisions/0020-body-limits.md).
 */
import type { BodyPolicy } from "~/lib/body-limits";

export type BodyRefusal = "too_large" | "too_many_fields" | "file_refused" | "too_many_files";

export type BodyLimits = Pick<BodyPolicy, "maxBytes" | "maxFields" | "maxFiles">;

/** The body was (or says it would be) larger than allowed, or carries too many fields or files: answer 413. */
export class BodyTooLargeError extends Error {
  constructor(
    readonly limit: number,
    readonly reason: BodyRefusal = "too_large",
  ) {
    super(`Request body refused (${reason}; at most ${limit} bytes)`);
    this.name = "BodyTooLargeError";
  }
}

/** A multipart part's headers longer than this are not a browser's: the body is refused. */
const MAX_PART_HEADER_BYTES = 16 * 1024;
const AMPERSAND = 0x26;
const HEADER_END = Buffer.from("\r\n\r\n");
const CLOSE = Buffer.from("--");

/** The multipart boundary of a Content-Type, or null (quoted or bare, RFC 2046). */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType || !/^\s*multipart\//i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** The size a Content-Length announces: a number, null without one, NaN when it is not a length. */
export function declaredLength(header: string | null | undefined): number | null {
  if (header === null || header === undefined) return null;
  return /^\d{1,16}$/.test(header.trim()) ? Number(header.trim()) : Number.NaN;
}

export class BodyMeter {
  bytes = 0;
  fields = 0;
  files = 0;
  private readonly kind: "urlencoded" | "multipart" | "other";
  // Multipart scanning: the delimiter, what is left of the previous chunk, and where we are.
  private readonly delimiter: Buffer | null = null;
  private carry: Buffer = Buffer.alloc(0);
  private state: "preamble" | "delimiter" | "headers" | "body" | "done" = "preamble";
  private header = "";

  constructor(
    private readonly limits: BodyLimits,
    contentType: string | null,
  ) {
    const boundary = multipartBoundary(contentType);
    if (boundary !== null) {
      this.kind = "multipart";
      this.delimiter = Buffer.from(`\r\n--${boundary}`);
      // The first delimiter may open the body without the CRLF before it.
      this.carry = Buffer.from("\r\n");
    } else {
      this.kind = contentType && /^\s*application\/x-www-form-urlencoded/i.test(contentType) ? "urlencoded" : "other";
    }
  }

  /** Counts one chunk; the first refusal it causes, or null while the body is within its limits. */
  add(chunk: Uint8Array): BodyRefusal | null {
    this.bytes += chunk.byteLength;
    if (this.bytes > this.limits.maxBytes) return "too_large";
    if (this.kind === "urlencoded") {
      // n pairs are separated by n - 1 ampersands.
      if (this.fields === 0 && chunk.byteLength > 0) this.fields = 1;
      for (let i = chunk.indexOf(AMPERSAND); i !== -1; i = chunk.indexOf(AMPERSAND, i + 1)) this.fields++;
      return this.fields > this.limits.maxFields ? "too_many_fields" : null;
    }
    if (this.kind === "multipart") return this.scan(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    return null;
  }

  /** Finds part delimiters and part headers across chunk boundaries, keeping at most a delimiter's length (or a part header). */
  private scan(chunk: Buffer): BodyRefusal | null {
    const delimiter = this.delimiter!;
    const buf = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = Buffer.alloc(0);
    let pos = 0;
    while (pos <= buf.length) {
      if (this.state === "done") return null;
      if (this.state === "preamble" || this.state === "body") {
        const found = buf.indexOf(delimiter, pos);
        if (found === -1) {
          // Keep what could be the start of a delimiter split across chunks.
          const keep = Math.min(delimiter.length - 1, buf.length - pos);
          this.carry = Buffer.from(buf.subarray(buf.length - keep));
          return null;
        }
        pos = found + delimiter.length;
        this.state = "delimiter";
        continue;
      }
      if (this.state === "delimiter") {
        if (buf.length - pos < 2) {
          this.carry = Buffer.from(buf.subarray(pos));
          return null;
        }
        if (buf.subarray(pos, pos + 2).equals(CLOSE)) {
          this.state = "done";
          return null;
        }
        this.fields++;
        if (this.fields > this.limits.maxFields) return "too_many_fields";
        this.state = "headers";
        this.header = "";
        continue;
      }
      // Part headers: up to the blank line; a filename parameter makes it a file part.
      const end = buf.indexOf(HEADER_END, pos);
      const upTo = end === -1 ? Math.max(pos, buf.length - (HEADER_END.length - 1)) : end;
      this.header += buf.toString("latin1", pos, upTo);
      if (this.header.length > MAX_PART_HEADER_BYTES) return "too_large";
      if (end === -1) {
        this.carry = Buffer.from(buf.subarray(upTo));
        return null;
      }
      if (/;\s*filename\*?=/i.test(this.header)) {
        this.files++;
        if (this.limits.maxFiles === 0) return "file_refused";
        if (this.files > this.limits.maxFiles) return "too_many_files";
      }
      this.state = "body";
      pos = end + HEADER_END.length;
    }
    return null;
  }
}

/**
 * Reads a body through a BodyMeter and returns its chunks, or throws BodyTooLargeError at the
 * first chunk over a limit (reading stops there; the caller answers 413). A Content-Length over
 * the limit is refused before anything is read.
 */
export async function readBodyWithin(
  body: ReadableStream<Uint8Array> | null,
  limits: BodyLimits,
  headers: { contentType: string | null; contentLength: string | null },
): Promise<Uint8Array[]> {
  const declared = declaredLength(headers.contentLength);
  if (declared !== null && declared > limits.maxBytes) throw new BodyTooLargeError(limits.maxBytes);
  const meter = new BodyMeter(limits, headers.contentType);
  const chunks: Uint8Array[] = [];
  if (!body) return chunks;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const refusal = meter.add(value);
    if (refusal) {
      // Not cancel(): on a server request that destroys the socket before the 413 is out.
      reader.releaseLock();
      throw new BodyTooLargeError(limits.maxBytes, refusal);
    }
    chunks.push(value);
  }
  return chunks;
}
