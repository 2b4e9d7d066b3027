import { describe, expect, it, vi } from "vitest";

// Count how many page compressions run at the same time (the real compressor does the work).
const compiling = vi.hoisted(() => ({ now: 0, most: 0 }));
vi.mock("./nonce-template.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("./nonce-template.server")>();
  return {
    ...real,
    compileNonceTemplate: async (...args: Parameters<typeof real.compileNonceTemplate>) => {
      compiling.now += 1;
      compiling.most = Math.max(compiling.most, compiling.now);
      try {
        return await real.compileNonceTemplate(...args);
      } finally {
        compiling.now -= 1;
      }
    },
  };
});

const { cachedPage } = await import("./page-cache.server");

const NONCE = "cmVuZGVyZWQtbm9uY2UtMQ==";

describe("cachedPage", () => {
  it("compresses pages one at a time, however many renders finish together", async () => {
    const pages = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        cachedPage(
          {
            status: 200,
            headers: [["content-type", "text/html"]],
            contentSecurityPolicy: `script-src 'nonce-${NONCE}'`,
            body: Buffer.from(`<!DOCTYPE html><p>${"page ".repeat(2000)}${index}</p><script nonce="${NONCE}">1</script>`),
          },
          NONCE,
          { freshMs: 5_000, staleMs: 30_000 },
        ),
      ),
    );
    expect(pages).toHaveLength(8);
    expect(compiling.most).toBe(1);
  });
});
