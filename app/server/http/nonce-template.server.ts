import { BROTLI_WINDOW_BITS } from "./compression.server";
import { crc32, brotliDecompressSync, gunzipSync } from "node:zlib";
import { compressPartsOffThread } from "./compression-thread.server";

/**
 * A cached page whose CSP nonce is written per response (decision 0022).
 *
 * The page is kept as its literal parts around the nonce positions, plus gzip and brotli bodies
 * of those parts, each compressed once, when a visitor first asks for that encoding (decision
 * 0036: a page is split when it is kept, compressed only once it is served again); a response
 * puts its own nonce between the parts, in each encoding, without compressing the page again:
 *
 * - identity: the parts joined with the nonce;
 * - gzip: the parts are deflated in one stream, byte-aligned after each (sync flush), and each
 *   nonce goes in between as a stored (uncompressed) deflate block; the CRC-32 of the trailer is
 *   computed per response (the only per-response pass over the page);
 * - brotli: the same, with each nonce in an uncompressed meta-block.
 *
 * While compressing, the nonce positions hold a placeholder of the nonce's length made of bytes
 * (0xF8–0xFF) that never occur in UTF-8, so no later part can refer back into them: the decoder
 * then sees exactly the bytes the compressor saw, except at the nonce positions. The placeholder
 * ends like every nonce (base64 of 16 bytes ends with "=="), because brotli chooses how to code a
 * byte from the two before it. Each template is decoded once with another nonce before it is
 * used; an encoding whose splice does not decode to the page is dropped (the page is then served
 * in the other encodings).
 */

/** A nonce as newNonce makes them: 16 random bytes in base64 (24 characters, ending "=="). */
export const NONCE_PATTERN = /^[A-Za-z0-9+/]{22}==$/;
const NONCE_LENGTH = 24;

export type TemplateEncoding = "gzip" | "br";

export interface NonceTemplate {
  /** The page's bytes between nonce positions (one more than there are nonces). */
  parts: Buffer[];
  /**
   * The deflated parts (the last one ends the deflate stream); undefined until compressed
   * (compressTemplate), null when the splice did not decode to the page (never served in gzip).
   */
  gzip?: Buffer[] | null;
  /** The brotli-compressed parts (the last one ends the stream): undefined, or null, as for gzip. */
  br?: Buffer[] | null;
  /** Bytes held (parts and compressed parts). */
  bytes: number;
}

/** Splits `body` at every occurrence of `nonce`, the nonce it was rendered with; compresses nothing. */
export function splitNonceTemplate(body: Buffer, nonce: string): NonceTemplate {
  if (!NONCE_PATTERN.test(nonce)) throw new Error("splitNonceTemplate: not a nonce");
  const parts = splitAt(body, Buffer.from(nonce, "latin1"));
  return { parts, bytes: total(parts) };
}

/**
 * Compresses the template's parts in `encoding` (in the compression thread) and keeps them in the
 * template, with their bytes counted; null when the splice does not decode to the page.
 */
export async function compressTemplate(template: NonceTemplate, encoding: TemplateEncoding): Promise<Buffer[] | null> {
  if (template[encoding] !== undefined) return template[encoding];
  const { parts } = template;
  const placeholders = parts.slice(1).map((_, slot) => placeholder(slot));
  // In a worker thread: on a busy main thread each flush of a stream waits behind every request.
  const compressed = await compressPartsOffThread(encoding, parts, placeholders, BROTLI_WINDOW_BITS);
  // Proof that the splice decodes to the page, with a nonce other than the rendered one.
  const probe = "PROBEprobePROBEprobe0+==";
  const expected = Buffer.concat(withNonce(parts, Buffer.from(probe)));
  const candidate: NonceTemplate = { parts, [encoding]: compressed, bytes: 0 };
  const decode =
    encoding === "gzip"
      ? () => gunzipSync(Buffer.concat(gzipBody(candidate, probe)))
      : () => brotliDecompressSync(Buffer.concat(brotliBody(candidate, probe)));
  const proven = compressed && safeEquals(decode, expected) ? compressed : null;
  if (template[encoding] === undefined) {
    template[encoding] = proven;
    template.bytes += total(proven ?? []);
  }
  return template[encoding] ?? null;
}

/** Splits `body` at every occurrence of `nonce` and compresses the parts in both encodings. */
export async function compileNonceTemplate(body: Buffer, nonce: string): Promise<NonceTemplate> {
  const template = splitNonceTemplate(body, nonce);
  await Promise.all([compressTemplate(template, "gzip"), compressTemplate(template, "br")]);
  return template;
}

/** The page with `nonce` at every nonce position, as chunks to write in order. */
export function identityBody(template: NonceTemplate, nonce: string): Buffer[] {
  return withNonce(template.parts, checkedNonce(nonce));
}

/** A gzip member of the page with `nonce` (RFC 1952), as chunks to write in order. */
export function gzipBody(template: NonceTemplate, nonce: string): Buffer[] {
  if (!template.gzip) throw new Error("gzipBody: no gzip template");
  const value = checkedNonce(nonce);
  // A stored block, not the last (BFINAL 0, BTYPE 00), at a byte boundary: LEN, ~LEN, the bytes.
  // allocUnsafe: small buffers come from Node's shared pool instead of an allocation each (every
  // byte is written below); the same for the trailer and brotli's block.
  const stored = Buffer.allocUnsafe(5 + value.length);
  stored[0] = 0;
  stored.writeUInt16LE(value.length, 1);
  stored.writeUInt16LE(~value.length & 0xffff, 3);
  value.copy(stored, 5);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  template.gzip.forEach((deflated, index) => {
    if (index > 0) {
      chunks.push(stored);
      crc = crc32(value, crc);
      size += value.length;
    }
    chunks.push(deflated);
    crc = crc32(template.parts[index]!, crc);
    size += template.parts[index]!.length;
  });
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(trailer);
  return chunks;
}

/** A brotli stream of the page with `nonce` (RFC 7932), as chunks to write in order. */
export function brotliBody(template: NonceTemplate, nonce: string): Buffer[] {
  if (!template.br) throw new Error("brotliBody: no brotli template");
  const value = checkedNonce(nonce);
  // An uncompressed meta-block, not the last: ISLAST 0, MNIBBLES 4 (code 0), MLEN-1 in 16 bits,
  // ISUNCOMPRESSED 1, then zero bits to the byte boundary (20 bits of header in 3 bytes).
  const header = (0 << 0) | (0 << 1) | ((value.length - 1) << 3) | (1 << 19);
  const block = Buffer.allocUnsafe(3 + value.length);
  block[0] = header & 0xff;
  block[1] = (header >>> 8) & 0xff;
  block[2] = (header >>> 16) & 0xff;
  value.copy(block, 3);
  const chunks: Buffer[] = [];
  template.br.forEach((compressed, index) => {
    if (index > 0) chunks.push(block);
    chunks.push(compressed);
  });
  return chunks;
}

/** mtime 0, no flags, OS unknown: the same 10 bytes for every member. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);

function checkedNonce(nonce: string): Buffer {
  if (!NONCE_PATTERN.test(nonce)) throw new Error("not a nonce");
  return Buffer.from(nonce, "latin1");
}

function splitAt(body: Buffer, needle: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
    parts.push(body.subarray(from, at));
    from = at + needle.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

function withNonce(parts: Buffer[], nonce: Buffer): Buffer[] {
  const chunks: Buffer[] = [];
  parts.forEach((part, index) => {
    if (index > 0) chunks.push(nonce);
    chunks.push(part);
  });
  return chunks;
}

/**
 * The placeholder of nonce position `slot`: 22 bytes in 0xF8–0xFF, different from every other
 * slot's in every run of three bytes (so the compressor finds no match between two placeholders),
 * then "==".
 */
function placeholder(slot: number): Buffer {
  const bytes = Buffer.alloc(NONCE_LENGTH, 0x3d);
  for (let index = 0; index < NONCE_LENGTH - 2; index += 1) bytes[index] = 0xf8 + DE_BRUIJN[(slot * 22 + index) % DE_BRUIJN.length]!;
  return bytes;
}

/** A de Bruijn sequence of order 3 over 8 symbols: every run of three symbols occurs once. */
const DE_BRUIJN = deBruijn(8, 3);

function deBruijn(k: number, n: number): number[] {
  const a = new Array<number>(k * n).fill(0);
  const sequence: number[] = [];
  const db = (t: number, p: number): void => {
    if (t > n) {
      if (n % p === 0) sequence.push(...a.slice(1, p + 1));
      return;
    }
    a[t] = a[t - p]!;
    db(t + 1, p);
    for (let j = a[t - p]! + 1; j < k; j += 1) {
      a[t] = j;
      db(t + 1, t);
    }
  };
  db(1, 1);
  return sequence;
}

function safeEquals(decode: () => Buffer, expected: Buffer): boolean {
  try {
    return decode().equals(expected);
  } catch {
    return false;
  }
}

function total(buffers: Buffer[]): number {
  return buffers.reduce((sum, buffer) => sum + buffer.length, 0);
}
