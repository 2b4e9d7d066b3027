import express from "express";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compress } from "./compression.server";
import { precompressedAssets } from "./precompressed-assets.server";

// A chunk far under compression's 1 KB floor, as the build makes dozens of.
const SCRIPT = `export function useRootData(){return window.__data.root}//${"x".repeat(200)}`;

let dir: string;
let port: number;
let close: () => void;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-precompressed-"));
  writeFileSync(join(dir, "small.js"), SCRIPT);
  writeFileSync(join(dir, "small.js.br"), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, "small.js.gz"), gzipSync(SCRIPT));
  writeFileSync(join(dir, "plain.css"), "a{}");
  // As server.js mounts them: compression first, then the build's assets.
  const app = express();
  app.use(compress);
  app.use("/assets", precompressedAssets(dir), express.static(dir, { immutable: true, maxAge: "1y" }));
  const server = app.listen(0, "127.0.0.1");
  close = () => server.close();
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  close();
  rmSync(dir, { recursive: true, force: true });
});

/** node:http rather than fetch: fetch would decode the body and hide the encoding. */
function get(path: string, acceptEncoding?: string): Promise<{ res: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request({ host: "127.0.0.1", port, path, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ res, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

describe("precompressedAssets", () => {
  it("sends a small script's brotli twin, as JavaScript, cached for a year", async () => {
    const { res, body } = await get("/assets/small.js", "gzip, deflate, br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(body.equals(brotliCompressSync(SCRIPT))).toBe(true);
  });

  it("sends the gzip twin to a client without brotli, and the file itself to one that takes neither", async () => {
    const gzip = await get("/assets/small.js?v=1", "gzip");
    expect(gzip.res.headers["content-encoding"]).toBe("gzip");
    expect(gzip.body.equals(gzipSync(SCRIPT))).toBe(true);
    const identity = await get("/assets/small.js");
    expect(identity.res.headers["content-encoding"]).toBeUndefined();
    expect(identity.res.headers.vary).toMatch(/Accept-Encoding/);
    expect(identity.body.toString()).toBe(SCRIPT);
  });

  it("leaves a file without a compressed twin to express.static, and a missing one is a 404", async () => {
    const plain = await get("/assets/plain.css", "br");
    expect(plain.res.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe("a{}");
    expect((await get("/assets/missing.js", "br")).res.statusCode).toBe(404);
  });
});
