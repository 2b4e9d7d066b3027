import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { brotliBody, compileNonceTemplate, compressTemplate, gzipBody, identityBody, splitNonceTemplate } from "./nonce-template.server";

const nonce = () => randomBytes(16).toString("base64");

/** A page shaped like a rendered one: the nonce on several scripts, text around them that compresses. */
function renderedPage(value: string, filler = "سوق منتجات Souq produits shop products ") {
  const script = (body: string) => `<script nonce="${value}">${body}</script>`;
  return Buffer.from(
    `<!DOCTYPE html><html lang="ar"><head><link rel="modulepreload" nonce="${value}" href="/assets/a.js"/></head><body>` +
      filler.repeat(300) +
      script(`window.__reactRouterContext = ${JSON.stringify({ url: "/", data: filler.repeat(50) })};`) +
      filler.repeat(100) +
      script("import('/assets/entry.client.js')") +
      `<p>${value.slice(0, 6)} is not a nonce position</p>` +
      script("$RC('B:0','S:0')") +
      "</body></html>",
  );
}

describe("nonce templates", () => {
  it("write each response's own nonce at every nonce position, plain, gzip and brotli", async () => {
    const rendered = nonce();
    const template = await compileNonceTemplate(renderedPage(rendered), rendered);
    expect(template.parts).toHaveLength(5);
    expect(template.gzip).not.toBeNull();
    expect(template.br).not.toBeNull();
    for (let run = 0; run < 20; run += 1) {
      const own = nonce();
      const expected = renderedPage(own)
        .toString()
        .replace(`<p>${own.slice(0, 6)}`, `<p>${rendered.slice(0, 6)}`);
      expect(Buffer.concat(identityBody(template, own)).toString()).toBe(expected);
      expect(gunzipSync(Buffer.concat(gzipBody(template, own))).toString()).toBe(expected);
      expect(brotliDecompressSync(Buffer.concat(brotliBody(template, own))).toString()).toBe(expected);
      expect(expected).not.toContain(rendered.slice(0, 22));
    }
  });

  it("keeps the page compressed: a response is a few bytes per nonce larger than the page compressed whole", async () => {
    const rendered = nonce();
    const page = renderedPage(rendered);
    const template = await compileNonceTemplate(page, rendered);
    const gzip = Buffer.concat(gzipBody(template, nonce())).length;
    const br = Buffer.concat(brotliBody(template, nonce())).length;
    expect(gzip).toBeLessThan(page.length / 5);
    expect(br).toBeLessThan(page.length / 5);
  });

  it("splits a page without compressing it, then compresses one encoding at a time, once", async () => {
    const rendered = nonce();
    const page = renderedPage(rendered);
    const template = splitNonceTemplate(page, rendered);
    expect(template.gzip).toBeUndefined();
    expect(template.br).toBeUndefined();
    expect(template.bytes).toBe(page.length - 4 * rendered.length);
    const own = nonce();
    expect(Buffer.concat(identityBody(template, own)).toString()).toBe(page.toString().replaceAll(rendered, own));
    expect(() => brotliBody(template, own)).toThrow();

    const br = await compressTemplate(template, "br");
    expect(template.br).toBe(br);
    expect(template.gzip).toBeUndefined();
    expect(template.bytes).toBe(page.length - 4 * rendered.length + Buffer.concat(br!).length);
    expect(brotliDecompressSync(Buffer.concat(brotliBody(template, own))).toString()).toBe(page.toString().replaceAll(rendered, own));
    // Asked again: the same bodies, counted once.
    const bytes = template.bytes;
    await compressTemplate(template, "br");
    expect(template.br).toBe(br);
    expect(template.bytes).toBe(bytes);
  });

  it("handles a page without any nonce", async () => {
    const page = Buffer.from("<html><body>no scripts</body></html>");
    const template = await compileNonceTemplate(page, nonce());
    expect(gunzipSync(Buffer.concat(gzipBody(template, nonce()))).toString()).toBe(page.toString());
    expect(brotliDecompressSync(Buffer.concat(brotliBody(template, nonce()))).toString()).toBe(page.toString());
  });

  it("refuses what is not a nonce (it goes into the HTML as is)", async () => {
    const rendered = nonce();
    const template = await compileNonceTemplate(renderedPage(rendered), rendered);
    expect(() => identityBody(template, '"><script>alert(1)</script>')).toThrow();
    expect(() => brotliBody(template, "short==")).toThrow();
    await expect(compileNonceTemplate(renderedPage(rendered), "x")).rejects.toThrow();
  });
});
