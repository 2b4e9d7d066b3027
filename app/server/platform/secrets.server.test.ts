import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.server";
import { decodeSecretsKey, secretBox, SecretOpenError } from "./secrets.server";

const key = randomBytes(32);
const box = secretBox(key);
const token = "yal_tok_9f8e7d6c5b4a39281706";

/** Flips one bit of one base64url part of a sealed value (1 iv, 2 tag, 3 ciphertext). */
function tamper(sealed: string, part: 1 | 2 | 3): string {
  const parts = sealed.split(":");
  const bytes = Buffer.from(parts[part]!, "base64url");
  bytes[0]! ^= 0x01;
  parts[part] = bytes.toString("base64url");
  return parts.join(":");
}

describe("sealed secrets (AES-256-GCM)", () => {
  it("round trip: what is sealed opens to the same text, Unicode and JSON included", () => {
    for (const text of [token, "", JSON.stringify({ apiId: "123", apiToken: "أبجد-ÆØ-🔑" })]) {
      expect(box.open(box.seal(text, "ctx"), "ctx")).toBe(text);
    }
  });

  it("is v1:<iv>:<tag>:<ciphertext> in base64url, with a fresh IV each time and no plaintext in it", () => {
    const first = box.seal(token, "ctx");
    const second = box.seal(token, "ctx");
    expect(first).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
    expect(first.split(":")[1]).not.toBe(second.split(":")[1]);
    for (const sealed of [first, second]) {
      expect(sealed).not.toContain(token);
      expect(sealed).not.toContain(Buffer.from(token).toString("base64url"));
      expect(sealed).not.toContain(Buffer.from(token).toString("hex"));
    }
  });

  it("refuses a tampered value: IV, tag or ciphertext altered, truncated, or another version", () => {
    const sealed = box.seal(token, "ctx");
    for (const altered of [
      tamper(sealed, 1),
      tamper(sealed, 2),
      tamper(sealed, 3),
      sealed.slice(0, -2),
      sealed.replace(/^v1:/, "v2:"),
      sealed.split(":").slice(0, 3).join(":"),
      "not a sealed value",
    ]) {
      expect(() => box.open(altered, "ctx")).toThrow(SecretOpenError);
    }
  });

  it("refuses the wrong key, and a value moved to another context", () => {
    const sealed = box.seal(token, "courier_accounts.credentials");
    expect(() => secretBox(randomBytes(32)).open(sealed, "courier_accounts.credentials")).toThrow(SecretOpenError);
    expect(() => box.open(sealed, "courier_accounts.webhook_secret")).toThrow(SecretOpenError);
  });

  it("never puts the value in the error", () => {
    try {
      secretBox(randomBytes(32)).open(box.seal(token, "ctx"), "ctx");
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain(token);
    }
  });
});

describe("SECRETS_KEY", () => {
  it("takes 32 bytes as 64 hex characters, base64 or base64url", () => {
    expect(decodeSecretsKey(key.toString("hex"))).toEqual(key);
    expect(decodeSecretsKey(key.toString("base64"))).toEqual(key);
    expect(decodeSecretsKey(key.toString("base64url"))).toEqual(key);
    expect(decodeSecretsKey(` ${key.toString("base64")}\n`)).toEqual(key);
  });

  it("refuses anything else", () => {
    for (const bad of [
      "",
      "short",
      key.toString("hex").slice(2),
      randomBytes(16).toString("base64"),
      randomBytes(48).toString("base64"),
      "z".repeat(64),
    ]) {
      expect(decodeSecretsKey(bad)).toBeNull();
    }
  });

  it("is optional in the environment, and a bad one stops start-up naming the variable, never its value", () => {
    expect(parseEnv({}).SECRETS_KEY).toBeUndefined();
    expect(parseEnv({ SECRETS_KEY: "" }).SECRETS_KEY).toBeUndefined();
    expect(parseEnv({ SECRETS_KEY: key.toString("base64") }).SECRETS_KEY).toBe(key.toString("base64"));
    const bad = "not-a-key-but-a-secret-value";
    expect(() => parseEnv({ SECRETS_KEY: bad })).toThrow(/SECRETS_KEY: must be 32 bytes/);
    try {
      parseEnv({ SECRETS_KEY: bad });
    } catch (error) {
      expect(String(error)).not.toContain(bad);
    }
  });
});
