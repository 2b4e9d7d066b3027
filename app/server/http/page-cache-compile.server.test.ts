import { describe, expect, it, vi } from "vitest";

// Count how many page compressions run at the same time (the real compressor does the work).
const compressing = vi.hoisted(() => ({ now: 0, most: 0, runs: 0 }));
vi.mock("./nonce-template.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("./nonce-template.server")>();
  return {
    ...real,
    compressTemplate: async (...args: Parameters<typeof real.compressTemplate>) => {
      compressing.now += 1;
      compressing.runs += 1;
      compressing.most = Math.max(compressing.most, compressing.now);
      try {
        return await real.compressTemplate(...args);
      } finally {
        compressing.now -= 1;
      }
    },
  };
});

const { cachedPage, PageCache, precompress } = await import("./page-cache.server");

const NONCE = "cmVuZGVyZWQtbm9uY2UtMQ==";

function page(index: number) {
  return cachedPage(
    {
      status: 200,
      headers: [["content-type", "text/html"]],
      body: Buffer.from(`<!DOCTYPE html><p>${"page ".repeat(2000)}${index}</p><script nonce="${NONCE}">1</script>`),
    },
    NONCE,
    { freshMs: 5_000, staleMs: 30_000 },
  );
}

describe("page compression", () => {
  it("compresses pages one at a time, however many are asked for together", async () => {
    compressing.most = 0;
    compressing.runs = 0;
    const cache = new PageCache({ maxEntries: 100, maxBytes: 1 << 24 });
    const pages = Array.from({ length: 8 }, (_, index) => page(index));
    for (const [index, kept] of pages.entries()) await cache.render(`/p${index}`, async () => kept);
    for (let index = 0; index < pages.length; index += 1) {
      cache.compressLater(`/p${index}`, "br");
      cache.compressLater(`/p${index}`, "gzip");
    }
    await Promise.all([precompress(page(8), ["br", "gzip"]), precompress(page(9), ["gzip"])]);
    await expect.poll(() => pages.every((kept) => kept.template.br && kept.template.gzip)).toBe(true);
    expect(compressing.runs).toBe(8 * 2 + 3);
    expect(compressing.most).toBe(1);
  });
});
