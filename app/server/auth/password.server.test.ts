import { describe, expect, it } from "vitest";
import { hashPassword, SCRYPT_PARAMS, verifyAgainstDummy, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("stores scrypt$N$r$p$salt$hash with the documented cost and a 16-byte salt", async () => {
    const hash = await hashPassword("correct horse battery");
    const [scheme, N, r, p, salt, key] = hash.split("$");
    expect(scheme).toBe("scrypt");
    expect([Number(N), Number(r), Number(p)]).toEqual([SCRYPT_PARAMS.N, SCRYPT_PARAMS.r, SCRYPT_PARAMS.p]);
    expect(SCRYPT_PARAMS.N).toBe(2 ** 15);
    expect(Buffer.from(salt!, "base64")).toHaveLength(16);
    expect(Buffer.from(key!, "base64")).toHaveLength(32);
    expect(hash).not.toContain("correct horse battery");
  });

  it("salts every hash: the same password gives different hashes", async () => {
    expect(await hashPassword("same password")).not.toBe(await hashPassword("same password"));
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("s3cret-pass-word");
    expect(await verifyPassword("s3cret-pass-word", hash)).toBe(true);
    expect(await verifyPassword("s3cret-pass-worD", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("verifies hashes made with other parameters (they travel with the hash)", async () => {
    const cheap = await hashPassword("older hash here", { N: 2 ** 10, r: 8, p: 1 });
    expect(cheap.startsWith("scrypt$1024$8$1$")).toBe(true);
    expect(await verifyPassword("older hash here", cheap)).toBe(true);
  });

  it("treats Unicode forms alike (NFC) and Arabic passwords as any other", async () => {
    const hash = await hashPassword("كلمة-سر-طويلة-é");
    expect(await verifyPassword("كلمة-سر-طويلة-e\u0301", hash)).toBe(true);
  });

  it("answers false, never throws, for malformed or hostile hashes", async () => {
    for (const stored of [
      "",
      "plain",
      "bcrypt$x",
      "scrypt$1024$8$1$$",
      "scrypt$3$8$1$c2FsdA==$a2V5a2V5a2V5a2V5a2V5",
      `scrypt$${2 ** 30}$8$1$c2FsdHNhbHQ=$${"A".repeat(44)}`,
    ]) {
      expect(await verifyPassword("anything", stored)).toBe(false);
    }
  });

  it("the dummy check (unknown emails) answers false", async () => {
    expect(await verifyAgainstDummy("whatever")).toBe(false);
  });
});
