import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE, deferPageScripts, deferredPreloadsOf, PageScriptsRewriter } from "./deferred-scripts.server";

// What React writes for React Router's <Scripts /> in production (nonce first, preloads hoisted
// into <head>), around a page with Arabic text (multi-byte UTF-8).
const MODULE_BODY =
  'import * as route0 from "/assets/root-a1.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-b2.js");';
const DOCUMENT = [
  '<!DOCTYPE html><html lang="ar" dir="rtl"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/assets/app-c3.css" data-precedence="default"/>',
  '<link rel="preload" href="/assets/noto-sans-arabic-400.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
  '<link rel="modulepreload" href="/assets/entry.client-b2.js"/>',
  '<link rel="modulepreload" href="/assets/chunk-d4.js"/>',
  '<link rel="modulepreload" href="/assets/root-a1.js"/>',
  "</head><body><main><h1>هاتف ذكي 6.7 بوصة</h1>",
  '<img src="/uploads/p-640.webp" fetchPriority="high" elementtiming="main-image"/></main>',
  '<script nonce="n0nce==">window.__reactRouterContext = {"url":"/"};</script>',
  `<script nonce="n0nce==" type="module" async="">${MODULE_BODY}</script>`,
  '<script nonce="n0nce==">window.__reactRouterContext.streamController.enqueue("[]");</script>',
  "</body></html>",
].join("");

function rewriteInPieces(pieces: string[]): string {
  const rewriter = new PageScriptsRewriter();
  return pieces.map((piece) => rewriter.push(piece)).join("") + rewriter.end();
}

/** The arguments the loader script is called with. */
function loaderArguments(html: string): [string[], number] {
  const match = /\)\.apply\(null,(\[.*?\])\)<\/script>/.exec(html);
  if (!match) throw new Error("no loader script");
  return JSON.parse(match[1]!) as [string[], number];
}

describe("PageScriptsRewriter: React Router's scripts wait for the main image", () => {
  const rewritten = rewriteInPieces([DOCUMENT]);

  it("takes the module preloads out of the HTML and hands them, in order, to the loader", () => {
    expect(rewritten).not.toContain('rel="modulepreload"');
    expect(loaderArguments(rewritten)[0]).toEqual(["/assets/entry.client-b2.js", "/assets/chunk-d4.js", "/assets/root-a1.js"]);
  });

  it("keeps the module script where it was, with its content and nonce, under a type browsers do not run", () => {
    expect(rewritten).toContain(`<script nonce="n0nce==" type="${DEFERRED_MODULE_TYPE}">${MODULE_BODY}</script>`);
    expect(rewritten).not.toContain('type="module"');
  });

  it("puts the loader right after it, with the same nonce (the CSP allows it)", () => {
    const inert = rewritten.indexOf(`type="${DEFERRED_MODULE_TYPE}"`);
    const loader = rewritten.indexOf('<script nonce="n0nce==">(function loadPageScripts');
    expect(inert).toBeGreaterThan(-1);
    expect(loader).toBe(rewritten.indexOf("</script>", inert) + "</script>".length);
  });

  it("leaves everything else as it was: stylesheet, font preloads, text, images, other scripts", () => {
    const loaderStart = rewritten.indexOf('<script nonce="n0nce==">(function loadPageScripts');
    const loaderEnd = rewritten.indexOf("</script>", loaderStart) + "</script>".length;
    const withoutLoader = rewritten.slice(0, loaderStart) + rewritten.slice(loaderEnd);
    const expected = DOCUMENT.replace(/<link rel="modulepreload"[^>]*>/g, "").replace(' type="module" async=""', ` type="${DEFERRED_MODULE_TYPE}"`);
    expect(withoutLoader).toBe(expected);
  });

  it("gives the same document wherever the stream cuts it", () => {
    for (let cut = 1; cut < DOCUMENT.length; cut++) {
      expect(rewriteInPieces([DOCUMENT.slice(0, cut), DOCUMENT.slice(cut)]), `cut at ${cut}`).toBe(rewritten);
    }
    const bytes = [...DOCUMENT];
    expect(rewriteInPieces(bytes)).toBe(rewritten);
  });

  it("lets the measuring tools read the loader's preloads back, and nothing from other scripts", () => {
    const loader = /<script nonce="n0nce==">(\(function loadPageScripts[\s\S]*?)<\/script>/.exec(rewritten)![1]!;
    expect(deferredPreloadsOf(loader)).toEqual(["/assets/entry.client-b2.js", "/assets/chunk-d4.js", "/assets/root-a1.js"]);
    expect(deferredPreloadsOf('window.__reactRouterContext = {"url":"/"};')).toBeUndefined();
    expect(deferredPreloadsOf(`${loader.slice(0, -5)}`)).toBeUndefined();
  });

  it("passes a document without React Router's module script through unchanged", () => {
    const plain =
      '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/></head><body><p>لا شيء</p><script nonce="x">1</script></body></html>';
    const rewriter = new PageScriptsRewriter();
    expect(rewriter.push(plain) + rewriter.end()).toBe(plain);
    expect(rewriter.deferred).toBe(false);
  });

  it('escapes "<" in the loader\'s arguments so a path cannot close the script', () => {
    // React writes attribute values escaped; the loader gets the path itself, and "<" as \u003c.
    const html = DOCUMENT.replace("/assets/chunk-d4.js", "/assets/&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;.js");
    const out = rewriteInPieces([html]);
    expect(out).not.toContain("</script><script>alert(1)");
    expect(loaderArguments(out)[0][1]).toBe("/assets/</script><script>alert(1)</script>.js");
  });
});

describe("deferPageScripts: the rewrite as a byte stream", () => {
  it("rewrites a document arriving in byte chunks cut inside multi-byte characters", async () => {
    const bytes = Buffer.from(DOCUMENT);
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.subarray(i, i + 7));
    const out = await text(Readable.from(chunks).pipe(deferPageScripts("/products/phone")));
    expect(out).toBe(rewriteInPieces([DOCUMENT]));
    expect(out).toContain("<h1>هاتف ذكي 6.7 بوصة</h1>");
  });

  it("reads the preloads' addresses as UTF-8 and writes the loader as UTF-8 (the rewrite runs on bytes)", async () => {
    const html = DOCUMENT.replace("/assets/chunk-d4.js", "/assets/قطعة-d4.js");
    const out = await text(Readable.from([Buffer.from(html)]).pipe(deferPageScripts("/products/phone")));
    expect(out).toBe(rewriteInPieces([html]));
    expect(loaderArguments(out)[0][1]).toBe("/assets/قطعة-d4.js");
  });

  it("passes on what the renderer writes in one go as one chunk, and a later write as soon as it comes", async () => {
    for (const pathname of ["/products/phone", "/admin/products"]) {
      const stream = deferPageScripts(pathname);
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      const bytes = Buffer.from(DOCUMENT);
      const cut = bytes.indexOf("</head>");
      // React flushes a shell in 2 KB pieces within one task.
      for (let i = 0; i < cut; i += 16) stream.write(bytes.subarray(i, Math.min(i + 16, cut)));
      await new Promise((resolve) => setImmediate(resolve));
      expect(chunks, pathname).toHaveLength(1);
      // A Suspense boundary resolving later: its piece is not held back until the end.
      stream.write(bytes.subarray(cut));
      await new Promise((resolve) => setImmediate(resolve));
      expect(chunks, pathname).toHaveLength(2);
      stream.end();
      await new Promise((resolve) => stream.on("end", resolve));
      const whole = Buffer.concat(chunks).toString();
      expect(whole, pathname).toBe(pathname.startsWith("/admin") ? DOCUMENT : rewriteInPieces([DOCUMENT]));
    }
  });

  it("leaves admin documents as React Router wrote them", async () => {
    for (const pathname of ["/admin", "/admin/products"]) {
      const out = await text(Readable.from([Buffer.from(DOCUMENT)]).pipe(deferPageScripts(pathname)));
      expect(out, pathname).toBe(DOCUMENT);
    }
    const shop = await text(Readable.from([Buffer.from(DOCUMENT)]).pipe(deferPageScripts("/administrators-guide")));
    expect(shop).not.toBe(DOCUMENT);
  });
});
