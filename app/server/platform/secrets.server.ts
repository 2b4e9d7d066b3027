import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Secrets at rest (a courier's API token, a webhook secret): AES-256-GCM under the key of
 * SECRETS_KEY. A sealed value is "v1:<iv>:<tag>:<ciphertext>", each part base64url: a fresh
 * random 96-bit IV per sealing (so one secret sealed twice never reads the same), and the
 * 128-bit authentication tag that makes opening refuse a value altered in the database, or
 * sealed under another key. `context` is bound as additional data (e.g. the column it lives in),
 * so a sealed value copied into another place does not open there either. The version prefix
 * leaves room for another scheme (or a new key) without guessing.
 */

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export const SECRETS_KEY_MESSAGE = "must be 32 bytes, given as 64 hexadecimal characters or in base64 (e.g. openssl rand -base64 32)";

/** The 32-byte key of SECRETS_KEY (64 hex characters, or base64/base64url), or null when it is not one. */
export function decodeSecretsKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return null;
  const key = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return key.length === KEY_BYTES ? key : null;
}

/** A sealed value that does not open: altered, truncated, or sealed under another key or context. */
export class SecretOpenError extends Error {
  constructor() {
    // Never the value itself: the message may reach a log.
    super("a sealed secret could not be opened (altered, or sealed under another key)");
    this.name = "SecretOpenError";
  }
}

export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** Throws SecretOpenError when the value was altered or sealed under another key or context. */
  open(sealed: string, context: string): string;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

export function secretBox(key: Uint8Array): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`the secrets key must be ${KEY_BYTES} bytes`);
  const keyBytes = Buffer.from(key);
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", keyBytes, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [VERSION, b64url(iv), b64url(cipher.getAuthTag()), b64url(ciphertext)].join(":");
    },
    open(sealed, context) {
      const parts = sealed.split(":");
      if (parts.length !== 4 || parts[0] !== VERSION || parts.slice(1).some((part) => !/^[A-Za-z0-9_-]*$/.test(part))) {
        throw new SecretOpenError();
      }
      const iv = Buffer.from(parts[1]!, "base64url");
      const tag = Buffer.from(parts[2]!, "base64url");
      const ciphertext = Buffer.from(parts[3]!, "base64url");
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretOpenError();
      try {
        const decipher = createDecipheriv("aes-256-gcm", keyBytes, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, "utf8"));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
      } catch {
        throw new SecretOpenError();
      }
    },
  };
}
