import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { startServer, type RunningServer } from "../support/production-server";

/*
 * The product page's scripts on the production build (app/server/http/precompressed-assets.server.ts,
 * docs/decisions/0037-load-shedding.md): compressed at build time and sent compressed whatever
 * their size, the chunks under compression's 1 KB floor included; the same bytes as the file.
 */

let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-ops-assets-"));
  server = await startServer(join(dir, "shop.db"), { LOG_LEVEL: "warn" });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** node:http rather than fetch: fetch would decode the body and hide the encoding. */
function raw(path: string, acceptEncoding: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${server.baseURL}${path}`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

describe("the product page's scripts", () => {
  it("come back compressed when asked, the small chunks too, and decode to the built file", async () => {
    const html = await (await fetch(`${server.baseURL}/products/${demoProducts[0]!.slug}`)).text();
    const scripts = [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((match) => match[0]))];
    const small = scripts.filter((path) => {
      const size = readFileSync(`build/client${path}`).length;
      // A chunk brotli cannot make smaller (a few dozen bytes) is sent as it is.
      return size < 1024 && size > 200;
    });
    expect(small.length).toBeGreaterThan(3);
    for (const path of small) {
      const file = readFileSync(`build/client${path}`);
      const br = await raw(path, "gzip, deflate, br");
      expect(br.headers["content-encoding"], path).toBe("br");
      expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
      expect(br.headers.vary).toMatch(/Accept-Encoding/);
      expect(br.body.length).toBeLessThan(file.length);
      expect(brotliDecompressSync(br.body).equals(file)).toBe(true);
      const gzip = await raw(path, "gzip");
      expect(gzip.headers["content-encoding"], path).toBe("gzip");
      expect(gunzipSync(gzip.body).equals(file)).toBe(true);
    }
  });
});
