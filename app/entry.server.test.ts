import { createElement } from "react";
import type { EntryContext } from "react-router";
import { describe, expect, it, vi } from "vitest";

// The document renderer without a route tree: ServerRouter replaced by a fixed page, so what is
// checked is entry.server.tsx itself (streaming, the abort timer, the scripts rewrite).
vi.mock("react-router", async (importOriginal) => ({
  ...(await importOriginal<typeof import("react-router")>()),
  ServerRouter: ({ url }: { url: string }) =>
    createElement("html", { lang: "ar" }, createElement("body", null, createElement("h1", null, `صفحة ${url}`))),
}));

const { default: handleRequest } = await import("./entry.server");

const pendingTimers = () => process.getActiveResourcesInfo().filter((resource) => resource === "Timeout").length;

describe("entry.server", () => {
  it("renders the document and leaves no abort timer behind once the render is complete", async () => {
    const before = pendingTimers();
    for (let i = 0; i < 20; i++) {
      const response = await handleRequest(
        new Request(`http://shop.test/products/p-${i}`, { headers: { "user-agent": "Mozilla/5.0 Chrome/130" } }),
        200,
        new Headers(),
        {} as EntryContext,
        { cspNonce: "n0nce" },
      );
      expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      expect(await response.text()).toContain(`صفحة http://shop.test/products/p-${i}`);
    }
    // A timer left per render would keep each render alive for 6 s (streamTimeout + 1 s).
    expect(pendingTimers()).toBeLessThanOrEqual(before);
  });
});
