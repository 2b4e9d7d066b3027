import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { stopCompressionThread } from "./compression-thread.server";
import { brotliBody, compressTemplate, gzipBody, splitNonceTemplate } from "./nonce-template.server";

const nonce = () => randomBytes(16).toString("base64");

/** A page shaped like a product page: eight nonce positions, so sixteen flushes per encoding. */
function page(value: string): Buffer {
  const script = (index: number) =>
    `<script nonce="${value}">window.__part${index} = ${JSON.stringify({ index, title: `منتج رقم ${index}`, text: "سوق Souq produits ".repeat(10 + index) })};</script>`;
  return Buffer.from(
    `<!DOCTYPE html><html lang="ar"><head><link rel="modulepreload" nonce="${value}" href="/assets/a.js"/></head><body>` +
      Array.from({ length: 7 }, (_, index) => `<p>${`منتج ${index} produit `.repeat(60)}</p>${script(index)}`).join("") +
      "</body></html>",
  );
}

/** How many turns of this thread's event loop pass before `promise` settles. */
async function turnsUntil(promise: Promise<unknown>): Promise<number> {
  let settled = false;
  void promise.finally(() => (settled = true));
  let turns = 0;
  while (!settled) {
    await new Promise((resolve) => setImmediate(resolve));
    turns += 1;
  }
  return turns;
}

/** Keeps this thread busy, as a render or a burst of requests does. */
function busyFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // spin
  }
}

afterAll(stopCompressionThread);

describe("the compression thread", () => {
  it("compresses a page while the main thread is busy: once it is free, the page is ready within a few turns of its loop", async () => {
    for (const encoding of ["br", "gzip"] as const) {
      const rendered = nonce();
      const template = splitNonceTemplate(page(rendered), rendered);
      expect(template.parts).toHaveLength(9);
      const compressing = compressTemplate(template, encoding);
      // On the main thread a stream needs a turn of this loop per flush (sixteen here): none
      // passes while it is busy. In the thread the work is done meanwhile.
      busyFor(1_000);
      expect(await turnsUntil(compressing)).toBeLessThan(4);
      const own = nonce();
      const body =
        encoding === "br" ? brotliDecompressSync(Buffer.concat(brotliBody(template, own))) : gunzipSync(Buffer.concat(gzipBody(template, own)));
      expect(body.toString()).toBe(page(own).toString());
    }
  });

  it("starts again after it was stopped, and a page compresses as before", async () => {
    const first = nonce();
    const before = splitNonceTemplate(page(first), first);
    const compressing = compressTemplate(before, "br");
    await stopCompressionThread();
    // A task the stopped thread never answered is settled (not compressed), never left hanging.
    expect(await compressing).toBeNull();
    expect(before.br).toBeNull();

    const second = nonce();
    const after = splitNonceTemplate(page(second), second);
    expect(await compressTemplate(after, "br")).not.toBeNull();
    const own = nonce();
    expect(brotliDecompressSync(Buffer.concat(brotliBody(after, own))).toString()).toBe(page(own).toString());
  });
});
