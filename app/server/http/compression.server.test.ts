import express from "express";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { BROTLI_WINDOW_BITS, compress } from "./compression.server";

// The page a one-off response carries (a 404, an admin page): streamed in chunks, as React Router writes it.
const PAGE = Array.from({ length: 400 }, (_, i) => `<li class="product">منتج رقم ${i} — ${"x".repeat(i % 37)}</li>`).join("\n");

let close: (() => void) | undefined;
afterEach(() => close?.());

async function fetchRaw(path: string, acceptEncoding: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  const app = express();
  app.use(compress);
  app.get("/page", (_req, res) => {
    res.type("html");
    for (let i = 0; i < PAGE.length; i += 4096) res.write(PAGE.slice(i, i + 4096));
    res.end();
  });
  app.get("/tiny", (_req, res) => res.type("html").send("<p>ok</p>"));
  const server = app.listen(0, "127.0.0.1");
  close = () => server.close();
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    // node:http rather than fetch: fetch would decode the body and hide the brotli header.
    request({ host: "127.0.0.1", port, path, headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

/** The window size a brotli stream declares in its first bits (RFC 7932, section 9.1). */
function brotliWindowBits(stream: Buffer): number {
  const bits = stream.readUInt16LE(0);
  if ((bits & 1) === 0) return 16;
  const n = (bits >> 1) & 7;
  if (n !== 0) return 17 + n;
  const m = (bits >> 4) & 7;
  return m === 0 ? 17 : 8 + m;
}

describe("compress (responses compressed on the fly)", () => {
  it("compresses with brotli in a 256 KB window, not brotli's 4 MB default, and the page decodes whole", async () => {
    const { encoding, body } = await fetchRaw("/page", "gzip, deflate, br");
    expect(encoding).toBe("br");
    expect(BROTLI_WINDOW_BITS).toBe(18);
    expect(brotliWindowBits(body)).toBe(BROTLI_WINDOW_BITS);
    expect(brotliDecompressSync(body).toString()).toBe(PAGE);
    expect(body.length).toBeLessThan(Buffer.byteLength(PAGE) / 4);
  });

  it("still serves gzip to a browser without brotli, and small bodies as they are", async () => {
    const gz = await fetchRaw("/page", "gzip");
    expect(gz.encoding).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(PAGE);
    const tiny = await fetchRaw("/tiny", "br");
    expect(tiny.encoding).toBeUndefined();
    expect(tiny.body.toString()).toBe("<p>ok</p>");
  });
});
