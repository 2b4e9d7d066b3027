import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/server/env.server";
import { DEFAULT_UPLOADS_DIR, InvalidStorageKeyError, LocalStorage, assertValidKey, createStorage } from "~/server/storage/storage.server";

let dir: string;
let storage: LocalStorage;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "souq-storage-"));
  storage = new LocalStorage(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("LocalStorage", () => {
  it("stores, reads, tells existence and deletes a file under its root, creating folders", async () => {
    const key = "products/a-b/thing-1.webp";
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();

    await storage.put(key, Buffer.from("hello"), "image/webp");
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.get(key))?.toString()).toBe("hello");
    expect(await readFile(join(dir, "products", "a-b", "thing-1.webp"), "utf8")).toBe("hello");

    await storage.put(key, Buffer.from("replaced"), "image/webp");
    expect((await storage.get(key))?.toString()).toBe("replaced");
    // Nothing left over from the write-then-rename.
    expect(await readdir(join(dir, "products", "a-b"))).toEqual(["thing-1.webp"]);

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("serves keys at /uploads/<key>", () => {
    expect(storage.publicUrl("products/x-1234abcd-640.webp")).toBe("/uploads/products/x-1234abcd-640.webp");
    expect(new LocalStorage(dir, { urlPrefix: "/files/" }).publicUrl("a.webp")).toBe("/files/a.webp");
  });

  it("does not take a folder for a file", async () => {
    await storage.put("folder/inner.txt", Buffer.from("x"), "text/plain");
    expect(await storage.exists("folder")).toBe(false);
    expect(await storage.exists("folder/inner.txt/deeper")).toBe(false);
  });

  it("refuses keys that could leave the root or name a hidden file", async () => {
    const outside = join(dir, "..", `souq-outside-${process.pid}.txt`);
    await writeFile(outside, "secret");
    try {
      for (const key of [
        "",
        "..",
        "../x",
        "a/../../x",
        "a/./b",
        "/etc/passwd",
        "a//b",
        "a/",
        "a\\b",
        "..\\x",
        "C:/x",
        ".hidden",
        "a/.b.tmp",
        "a b",
        "a\u0000b",
        "%2e%2e/x",
        `../${outside.split("/").pop()}`,
      ]) {
        await expect(storage.put(key, Buffer.from("x"), "text/plain"), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.exists(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        expect(() => storage.publicUrl(key), key).toThrow(InvalidStorageKeyError);
      }
      expect(await readFile(outside, "utf8")).toBe("secret");
    } finally {
      await rm(outside, { force: true });
    }
  });

  it("accepts ordinary relative keys", () => {
    for (const key of ["a", "a.webp", "products/x_y-1.2.webp", "a/b/c/d"]) expect(assertValidKey(key)).toBe(key);
  });
});

describe("createStorage", () => {
  it("is a local folder, data/uploads unless UPLOADS_DIR says otherwise", () => {
    expect(parseEnv({}).UPLOADS_DIR).toBe(DEFAULT_UPLOADS_DIR);
    const local = createStorage(parseEnv({ UPLOADS_DIR: dir }));
    expect(local).toBeInstanceOf(LocalStorage);
    expect((local as LocalStorage).root).toBe(dir);
  });
});
